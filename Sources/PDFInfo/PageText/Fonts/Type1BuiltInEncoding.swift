/// The encoding built into a Type 1 font program (Adobe Type 1 Font Format §2.3), read from the
/// program's clear-text part: `/Encoding StandardEncoding def`, or `/Encoding 256 array` filled
/// by `dup code /name put`. Fonts without an /Encoding in their PDF dictionary, such as TeX's,
/// rely on it (ISO 32000-1 §9.6.6.2).
enum Type1BuiltInEncoding {
    static let maxEntries = 256
    // The words acted on, made once: a word is compared with each of them.
    private static let define: Keyword = "def"
    private static let readOnly: Keyword = "readonly"
    private static let standardEncoding: Keyword = "StandardEncoding"
    private static let put: Keyword = "put"
    private static let duplicate: Keyword = "dup"

    /// The glyph names by code the clear text `bytes` sets; nil when it sets no encoding.
    static func glyphNames(inClearText bytes: [UInt8]) -> [String?]? {
        var lexer = Lexer(source: MemoryByteSource(bytes), at: 0)
        func next() -> Token { (try? lexer.nextToken()) ?? .endOfInput }
        // Find `/Encoding`.
        while true {
            let token = next()
            if token == .endOfInput { return nil }
            if token == .name("Encoding") { break }
        }
        var names = [String?](repeating: nil, count: 256)
        var recent: [Token] = []
        var entries = 0
        while entries < maxEntries {
            let token = next()
            switch token {
            case .endOfInput, .keyword(Self.define), .keyword(Self.readOnly):
                return names
            case .keyword(Self.standardEncoding) where recent.isEmpty:
                return SimpleEncoding.standard.glyphNames
            case .keyword(Self.put):
                // `dup code /name put`
                if recent.count >= 3, recent[recent.count - 3].isKeyword(Self.duplicate),
                   case .integer(let code) = recent[recent.count - 2], (0...255).contains(code),
                   case .name(let name) = recent[recent.count - 1] {
                    names[code] = name.string
                    entries += 1
                }
                recent.removeAll(keepingCapacity: true)
            default:
                recent.append(token)
                if recent.count > 8 { recent.removeFirst() }
            }
        }
        return names
    }
}
