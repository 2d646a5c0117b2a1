/// The characters a glyph name stands for, by the rules of Adobe's "Unicode and Glyph Names"
/// specification (the AGL specification, which poppler and pdf.js follow): the part before
/// the first period, split at underscores into components (`f_f_i`), each component looked up
/// in the Adobe Glyph List or read as `uniXXXX[XXXX…]` or `uXXXX[XX]`.
enum GlyphNames {
    /// The text of the glyph `name`; nil when no component maps to a character.
    /// - Parameter dingbats: look components up in the ITC Zapf Dingbats list first (the
    ///   ZapfDingbats font's names `a1`…`a191` mean other things in the AGL).
    static func text(for name: String, dingbats: Bool = false) -> String? {
        // Most names are one component, found as they are.
        if !dingbats, let found = glyphList[name] { return found }
        let base = name.prefix { $0 != "." }
        guard !base.isEmpty else { return nil }
        var text = ""
        for component in base.split(separator: "_", omittingEmptySubsequences: true) {
            if dingbats, let found = zapfDingbatsList[String(component)] {
                text += found
            } else if let found = glyphList[String(component)] {
                text += found
            } else if let scalars = uniScalars(component) ?? uScalar(component) {
                text.unicodeScalars.append(contentsOf: scalars)
            }
        }
        return text.isEmpty ? nil : text
    }

    /// `uniXXXX…`: one or more groups of four uppercase hex digits, none a surrogate.
    private static func uniScalars(_ component: Substring) -> [Unicode.Scalar]? {
        guard component.hasPrefix("uni") else { return nil }
        let digits = Array(component.utf8.dropFirst(3))
        guard !digits.isEmpty, digits.count % 4 == 0 else { return nil }
        var scalars: [Unicode.Scalar] = []
        for group in stride(from: 0, to: digits.count, by: 4) {
            guard let value = hexValue(digits[group..<(group + 4)]), !(0xD800...0xDFFF).contains(value),
                  let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return scalars
    }

    /// `uXXXX` to `uXXXXXX`: one scalar outside the surrogates.
    private static func uScalar(_ component: Substring) -> [Unicode.Scalar]? {
        guard component.hasPrefix("u") else { return nil }
        let digits = Array(component.utf8.dropFirst())
        guard (4...6).contains(digits.count), let value = hexValue(digits[...]),
              !(0xD800...0xDFFF).contains(value), let scalar = Unicode.Scalar(value) else { return nil }
        return [scalar]
    }

    /// The value of uppercase hex digits (the AGL specification allows no lowercase).
    private static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(digit - 0x30)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value << 4 | UInt32(digit - 0x37)
            default: return nil
            }
        }
        return value
    }

    /// The Adobe Glyph List, read from its table on first use.
    static let glyphList = parse(AdobeGlyphList.text)
    /// The ITC Zapf Dingbats glyph list, read on first use.
    static let zapfDingbatsList = parse(AdobeGlyphList.zapfDingbats)

    /// Entries `name:XXXX[,XXXX…]` separated by whitespace, as a dictionary. Read byte by
    /// byte: the table is read once per process, but it has thousands of entries.
    private static func parse(_ table: String) -> [String: String] {
        var entries: [String: String] = [:]
        let bytes = Array(table.utf8)
        entries.reserveCapacity(bytes.count / 10)
        var index = 0
        while index < bytes.count {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\n") { index += 1 }
            if let entry = Self.entry(bytes[start..<index]) { entries[entry.name] = entry.text }
            index += 1
        }
        return entries
    }

    /// The name and the text of one entry `name:XXXX[,XXXX…]`; nil without a colon.
    private static func entry(_ bytes: ArraySlice<UInt8>) -> (name: String, text: String)? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        var text = ""
        var value: UInt32 = 0
        var digits = 0
        for index in (colon + 1)...bytes.endIndex {
            // Each code ends at a comma or at the end of the entry.
            if index == bytes.endIndex || bytes[index] == UInt8(ascii: ",") {
                if digits > 0, let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
                (value, digits) = (0, 0)
            } else if let digit = CharacterClass.hexValue(bytes[index]) {
                value = value &<< 4 | UInt32(digit)
                digits += 1
            }
        }
        return (String(decoding: bytes[..<colon], as: UTF8.self), text)
    }
}
