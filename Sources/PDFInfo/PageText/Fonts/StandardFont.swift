/// One of the standard 14 fonts (ISO 32000-1 §9.6.2.2), recognised from a /BaseFont name and
/// its common aliases (Arial for Helvetica, Times New Roman for Times, Courier New for
/// Courier): their built-in encodings and, for dictionaries without /Widths, their widths.
enum StandardFont: Sendable {
    case courier
    case helvetica(bold: Bool, italic: Bool)
    case times(bold: Bool, italic: Bool)
    case symbol
    case zapfDingbats

    /// The standard font `baseFont` names or stands in for (a subset prefix `ABCDEF+` ignored);
    /// nil for other fonts.
    init?(baseFont: String) {
        var name = Substring(baseFont)
        if let plus = name.firstIndex(of: "+"), name.distance(from: name.startIndex, to: plus) == 6 {
            name = name[name.index(after: plus)...]
        }
        // ASCII letters folded to lowercase (other bytes changed too, but never into a letter).
        let folded = name.utf8.map { $0 | 0x20 }
        let bold = NameBytes.contains(folded, "bold") || NameBytes.contains(folded, "black") || NameBytes.contains(folded, "heavy")
        let italic = NameBytes.contains(folded, "italic") || NameBytes.contains(folded, "oblique")
        if NameBytes.hasPrefix(folded, "courier") {
            self = .courier
        } else if NameBytes.hasPrefix(folded, "helvetica") || NameBytes.hasPrefix(folded, "arial") {
            self = .helvetica(bold: bold, italic: italic)
        } else if NameBytes.hasPrefix(folded, "times") {
            self = .times(bold: bold, italic: italic)
        } else if NameBytes.hasPrefix(folded, "symbol") && (folded.count == 6 || NameBytes.hasPrefix(folded, "symbol,") || NameBytes.hasPrefix(folded, "symbolmt")) {
            self = .symbol
        } else if NameBytes.hasPrefix(folded, "zapfdingbats") || NameBytes.hasPrefix(folded, "itczapfdingbats") {
            self = .zapfDingbats
        } else {
            return nil
        }
    }

    /// The encoding the font program has built in.
    var builtInEncoding: SimpleEncoding {
        switch self {
        case .symbol: .symbol
        case .zapfDingbats: .zapfDingbats
        default: .standard
        }
    }

    /// The width of the glyph `name` in thousandths of an em; nil when the font has no such glyph.
    func width(of name: String) -> Int? {
        switch self {
        case .courier:
            return 600
        case .helvetica(let bold, let italic):
            let table = bold ? (italic ? Self.helveticaBoldOblique : Self.helveticaBold) : (italic ? Self.helveticaOblique : Self.helvetica)
            return Self.latinIndex[name].map { table[$0] }
        case .times(let bold, let italic):
            let table = bold ? (italic ? Self.timesBoldItalic : Self.timesBold) : (italic ? Self.timesItalic : Self.timesRoman)
            return Self.latinIndex[name].map { table[$0] }
        case .symbol:
            return Self.codeIndex(of: name, in: .symbol).flatMap { Self.symbolWidths[$0] }
        case .zapfDingbats:
            return Self.codeIndex(of: name, in: .zapfDingbats).flatMap { Self.zapfDingbatsWidths[$0] }
        }
    }

    private static func codeIndex(of name: String, in encoding: SimpleEncoding) -> Int? {
        encoding.glyphNames.firstIndex { $0 == name }
    }

    private static let latinIndex: [String: Int] = {
        let names = StandardFontWidths.latinGlyphs.split(whereSeparator: { $0 == " " || $0 == "\n" })
        return Dictionary(uniqueKeysWithValues: names.enumerated().map { (String($1), $0) })
    }()
    private static let helvetica = numbers(StandardFontWidths.helvetica).map { $0 ?? 0 }
    private static let helveticaBold = numbers(StandardFontWidths.helveticaBold).map { $0 ?? 0 }
    private static let helveticaOblique = numbers(StandardFontWidths.helveticaOblique).map { $0 ?? 0 }
    private static let helveticaBoldOblique = numbers(StandardFontWidths.helveticaBoldOblique).map { $0 ?? 0 }
    private static let timesRoman = numbers(StandardFontWidths.timesRoman).map { $0 ?? 0 }
    private static let timesBold = numbers(StandardFontWidths.timesBold).map { $0 ?? 0 }
    private static let timesItalic = numbers(StandardFontWidths.timesItalic).map { $0 ?? 0 }
    private static let timesBoldItalic = numbers(StandardFontWidths.timesBoldItalic).map { $0 ?? 0 }
    private static let symbolWidths = numbers(StandardFontWidths.symbol)
    private static let zapfDingbatsWidths = numbers(StandardFontWidths.zapfDingbats)

    /// Whitespace-separated numbers, `-` for none.
    private static func numbers(_ table: String) -> [Int?] {
        table.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { Int($0) }
    }
}
