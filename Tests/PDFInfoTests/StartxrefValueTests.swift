import Testing

@testable import PDFInfo

/// `FileFrame.integer(in:at:)`, which reads the value after `startxref` from the bytes when
/// they are whitespace and plain digits, against the lexer's token (`parsedInteger`), on the
/// tails files end with and on random bytes, whole and in small windows.
struct StartxrefValueTests {
    typealias SmallWindowSource = LexerFastPathTests.SmallWindowSource

    static func expectAlike(_ bytes: [UInt8], at offset: Int = 0) {
        let expected = FileFrame.parsedInteger(in: MemoryByteSource(bytes), at: offset)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(FileFrame.integer(in: MemoryByteSource(bytes), at: offset) == expected, "\(text)")
        for size in [1, 2, 5, 16] {
            #expect(FileFrame.integer(in: SmallWindowSource(bytes, size: size), at: offset) == expected, "\(text) in windows of \(size)")
        }
    }

    @Test(arguments: [
        "\n1234\n%%EOF\n", "\r\n0\r\n%%EOF", " 987", "\n%c\n42\n%%EOF", "\n-5\n", "\n+5\n", "\n12.5\n", "\n.5\n",
        "\n123456789012345678\n", "\n1234567890123456789\n", "\n" + String(repeating: "9", count: 40) + "\n", "", "\n", "\nxref",
        "\n" + String(repeating: " ", count: 40) + "77\n",
    ])
    func readsAsTheToken(tail: String) {
        Self.expectAlike(Array(tail.utf8))
    }

    @Test func randomTailsReadAsTheToken() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789 \r\n\t%.+-eE%xref".utf8) + [0x00, 0x0C]
        for _ in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0...48, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            Self.expectAlike(bytes, at: Int.random(in: 0...min(4, bytes.count), using: &generator))
        }
    }
}
