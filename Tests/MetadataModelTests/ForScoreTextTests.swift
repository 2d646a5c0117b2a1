import Testing

@testable import MetadataModel

/// `ForScoreText`'s comma split and trim against plain references (the standard library's
/// split of the UTF-8 bytes, a trim scalar by scalar) on random text of every kind.
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

    @Test func commaPiecesSplitLikeTheBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = Self.randomText(using: &generator)
            let expected = text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { String(Substring($0)) }
            let pieces = ForScoreText.commaPieces(text)
            #expect(pieces.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(text.debugDescription)")
        }
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
