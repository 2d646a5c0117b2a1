import Testing

@testable import PDFInfo

/// `ObjectParser.keywordIsNext`, which asks the lexer's bytes whether the next token is a
/// keyword (`Lexer.keywordIsNext`), against making the token: both must answer alike and leave
/// the same token next, whatever the window, when the bytes in it do not decide.
struct KeywordAheadTests {
    typealias SmallWindowSource = LexerFastPathTests.SmallWindowSource

    /// The answer by the token, and the token then next.
    static func byToken(_ bytes: [UInt8], _ word: StaticString) -> String {
        var parser = ObjectParser(source: MemoryByteSource(bytes), at: 0)
        do throws(PDFError) {
            let answer = try parser.peekToken(0).isKeyword(word.description)
            return "\(answer) \(try parser.nextToken())"
        } catch {
            return "error \(error.code)"
        }
    }

    /// The answer by `keywordIsNext`, and the token then next.
    static func byBytes(_ source: ByteSource, _ word: StaticString) -> String {
        var parser = ObjectParser(source: source, at: 0)
        do throws(PDFError) {
            let answer = try parser.keywordIsNext(word)
            return "\(answer) \(try parser.nextToken())"
        } catch {
            return "error \(error.code)"
        }
    }

    @Test(arguments: [
        "stream\r\n", "stream\n", "stream", "streams", "stream(", "strea", " \n stream ", "%c\nstream\n", "%c", "",
        "endstream", "STREAM ", "stream%c", "<<", "stre\u{E9}m ", "stream/", "str eam",
    ])
    func answersAsTheToken(text: String) {
        let bytes = Array(text.utf8)
        let expected = Self.byToken(bytes, "stream")
        #expect(Self.byBytes(MemoryByteSource(bytes), "stream") == expected)
        for size in 1...9 {
            #expect(Self.byBytes(SmallWindowSource(bytes, size: size), "stream") == expected, "window of \(size)")
        }
    }

    @Test func randomBytesAnswerAsTheToken() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["stream", "endobj", "s", "tream", "e", " ", "\n", "\r", "%c\n", "<<", ">>", "(", "/", "1", "x", "\u{0}"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            for word: StaticString in ["stream", "endobj"] {
                let expected = Self.byToken(bytes, word)
                #expect(Self.byBytes(MemoryByteSource(bytes), word) == expected, "\(text)")
                let size = Int.random(in: 1...8, using: &generator)
                #expect(Self.byBytes(SmallWindowSource(bytes, size: size), word) == expected, "\(text) in windows of \(size)")
            }
        }
    }
}
