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

    /// ``UnsafeRawBufferPointer/isASCII`` (eight bytes at a time) against a byte-by-byte test:
    /// every length up to three groups of eight, with one byte of each kind at every offset.
    @Test func rawBytesAreASCIIAsEachByteSays() {
        for length in 0..<25 {
            for offset in 0...length {
                for odd: UInt8 in [0x00, 0x7F, 0x80, 0xC3, 0xFF] {
                    var bytes = (0..<length).map { UInt8(($0 * 29 + 1) % 128) }
                    if offset < length { bytes[offset] = odd }
                    let expected = bytes.allSatisfy { $0 < 0x80 }
                    #expect(bytes.withUnsafeBytes(\.isASCII) == expected, "\(bytes)")
                }
            }
        }
    }
}
