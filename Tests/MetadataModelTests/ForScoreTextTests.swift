import Testing

@testable import MetadataModel

/// `ForScoreText`'s trim against a plain reference (a trim scalar by scalar) on random text of
/// every kind; the comma split is in `CodecFastPathTests`.
struct ForScoreTextTests {
    /// Scalars that matter here: commas, ASCII and Unicode whitespace and newlines, combining
    /// marks, multi-byte letters and an emoji.
    static let pool: [Unicode.Scalar] = [
        ",", ",", " ", "\t", "\n", "\r", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}", "\u{301}", "a", "Z", ";", ":",
        "é", "ß", "♭", "中", "😀", "\u{0}",
    ]

    static func randomText(using generator: inout SystemRandomNumberGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...20, using: &generator) { scalars.append(pool.randomElement(using: &generator)!) }
        return String(scalars)
    }

    @Test func trimmedDropsOuterWhitespaceScalarByScalar() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = Self.randomText(using: &generator)
            let scalars = Array(text.unicodeScalars)
            let first = scalars.firstIndex { !ForScoreText.isWhitespaceOrNewline($0) }
            let last = scalars.lastIndex { !ForScoreText.isWhitespaceOrNewline($0) }
            var expected = String.UnicodeScalarView()
            if let first, let last { expected.append(contentsOf: scalars[first...last]) }
            #expect(Array(ForScoreText.trimmed(text).unicodeScalars) == Array(expected), "\(text.debugDescription)")
        }
    }
}
