/// What each code of a simple font shows, worked out the first time the code is shown: a
/// title uses a few dozen of the 256 codes, and reading a glyph name costs more than the rest
/// of showing the glyph.
final class SimpleFontTexts {
    private let names: [String?]
    private let toUnicode: CMap?
    private let dingbats: Bool
    private let codesAsLatin1: Bool
    /// The text of each code worked out so far: nil for a code not shown yet, `.some(nil)` for
    /// one with no text.
    private var texts = [String??](repeating: nil, count: 256)

    /// - Parameters:
    ///   - names: the glyph name of each code 0…255.
    ///   - dingbats: read names as the ZapfDingbats font's (`GlyphNames.text(for:dingbats:)`).
    ///   - codesAsLatin1: give codes with no other text the character of the same number.
    init(names: [String?], toUnicode: CMap?, dingbats: Bool, codesAsLatin1: Bool) {
        self.names = names
        self.toUnicode = toUnicode
        self.dingbats = dingbats
        self.codesAsLatin1 = codesAsLatin1
    }

    /// The text of `code` as printed (`PrintedText.printable`): /ToUnicode's, else its glyph
    /// name's, else (`codesAsLatin1`) the character of the code's number; nil when none.
    func text(for code: UInt8) -> String? {
        let index = Int(code)
        if let known = texts[index] { return known }
        var text: String?
        if let mapped = toUnicode?.text(for: UInt32(code)), !mapped.isEmpty {
            text = mapped
        } else if let name = names[index], let fromName = GlyphNames.text(for: name, dingbats: dingbats) {
            text = fromName
        } else if codesAsLatin1, code >= 0x20 {
            text = String(Character(Unicode.Scalar(code)))
        }
        text = text.map(PrintedText.printable)
        texts[index] = .some(text)
        return text
    }
}
