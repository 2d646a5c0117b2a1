import Testing

@testable import RuleHost

/// The byte-level answers of `StringProtocol+ASCII` equal those of `Character`.
struct StringASCIITests {
    @Test(arguments: [
        "", " ", "\t\r\n\u{0B}\u{0C}", "\r\n", "a", " a", "a ", "x\u{301}", " \u{301}", "\u{301}", "\u{1C}\u{1F}",
        "\u{00A0}", " \u{00A0}", "\u{2003}x", "\u{85}", "é", " é", "\u{3000}", "\0",
    ])
    func isBlankAsCharacterSays(text: String) {
        #expect(text.isBlank == !text.contains(where: { !$0.isWhitespace }), "\(text.debugDescription)")
        #expect(text[...].isBlank == text.isBlank)
    }
}
