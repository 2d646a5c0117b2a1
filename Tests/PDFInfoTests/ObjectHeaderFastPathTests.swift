import Testing

@testable import PDFInfo

/// `N G obj` read in one scan (`Lexer.objectHeader`) against the three tokens it replaces: an
/// indirect object read from one-byte windows (where the scan always gives up) must be the
/// same object, or the same error, as read from the whole bytes.
struct ObjectHeaderFastPathTests {
    static func reading(_ source: ByteSource) -> String {
        do throws(PDFError) {
            let (ref, value) = try IndirectObjectParser.parse(source: source, at: 0) { _ throws(PDFError) in nil }
            return "\(ref) \(value)"
        } catch {
            return "error \(error.code) \(error.message) \(error.offset ?? -1)"
        }
    }

    @Test(arguments: [
        "12 0 obj << /A 1 >> endobj", "1 0obj 5 endobj", "  \n7 3 obj\n(x)\nendobj", "01 00 obj null endobj",
        "-1 0 obj 1 endobj", "1 -0 obj 1 endobj", "+1 0 obj 1 endobj", "1.0 0 obj 1 endobj", "1 0.0 obj 1 endobj",
        "%c\n1 0 obj 1 endobj", "1 %c\n0 obj 1 endobj", "1 0 %c\nobj 1 endobj", "10obj 1 endobj", "1 0 objx 1 endobj",
        "1 0 obj", "1 0 ob", "1 0", "1", "", "1 0 obj endobj", "1 0 obj/A endobj", "1 0 obj[1 2]endobj",
        "123456789012345678 0 obj 1 endobj", "1234567890123456789 0 obj 1 endobj", "2 0 obj << /Length 3 >> stream\nabc\nendstream",
    ])
    func readsAlikeEitherWay(text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.reading(MemoryByteSource(bytes)) == Self.reading(LexerFastPathTests.SmallWindowSource(bytes, size: 1)))
    }

    @Test func plainHeadersTakeTheScan() {
        for text in ["12 0 obj <<>>", "1 0obj 5", "\n7 65535 obj(x)"] {
            var lexer = Lexer(source: MemoryByteSource(Array(text.utf8)), at: 0)
            #expect((try? lexer.objectHeader()) != nil, "\(text)")
        }
    }

    @Test func randomHeadersReadAlike() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["1", "0", "12", " ", "\n", "%c\n", "obj", "objx", "-", "+", ".", "R", "endobj", "<<>>", "5"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 1...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array((text + " endobj").utf8)
            #expect(Self.reading(MemoryByteSource(bytes)) == Self.reading(LexerFastPathTests.SmallWindowSource(bytes, size: 1)), "\(text)")
        }
    }
}
