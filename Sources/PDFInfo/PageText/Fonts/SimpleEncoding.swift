/// The encodings a simple font's codes can be read in (ISO 32000-1 §9.6.6, Annex D): each
/// maps a one-byte code to a glyph name.
enum SimpleEncoding: Sendable {
    case standard, macRoman, winAnsi, pdfDoc, macExpert, symbol, zapfDingbats

    /// The encoding an /Encoding or /BaseEncoding name stands for; nil for other names.
    init?(name: PDFName) {
        switch name.string {
        case "StandardEncoding": self = .standard
        case "MacRomanEncoding": self = .macRoman
        case "WinAnsiEncoding": self = .winAnsi
        case "PDFDocEncoding": self = .pdfDoc
        case "MacExpertEncoding": self = .macExpert
        case "SymbolEncoding", "SymbolSetEncoding": self = .symbol
        case "ZapfDingbatsEncoding": self = .zapfDingbats
        default: return nil
        }
    }

    /// The glyph name of each code 0…255 (nil where the encoding has none).
    var glyphNames: [String?] {
        switch self {
        case .standard: Self.standardNames
        case .macRoman: Self.macRomanNames
        case .winAnsi: Self.winAnsiNames
        case .pdfDoc: Self.pdfDocNames
        case .macExpert: Self.macExpertNames
        case .symbol: Self.symbolNames
        case .zapfDingbats: Self.zapfDingbatsNames
        }
    }

    private static let standardNames = names(SimpleEncodingTables.standard)
    private static let macRomanNames = names(SimpleEncodingTables.macRoman)
    private static let winAnsiNames = names(SimpleEncodingTables.winAnsi)
    private static let pdfDocNames = names(SimpleEncodingTables.pdfDoc)
    private static let macExpertNames = names(SimpleEncodingTables.macExpert)
    private static let symbolNames = names(SimpleEncodingTables.symbol)
    private static let zapfDingbatsNames = names(SimpleEncodingTables.zapfDingbats)

    /// 256 glyph names separated by whitespace, `-` for none.
    static func names(_ table: String) -> [String?] {
        let names = table.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { $0 == "-" ? nil : String($0) }
        precondition(names.count == 256, "an encoding table lists 256 codes")
        return names
    }
}
