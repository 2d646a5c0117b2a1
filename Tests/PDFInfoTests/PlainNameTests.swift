import Testing
@testable import PDFInfo

/// `Lexer.plainName`, which reads a name's bytes through a table of byte kinds, against the
/// character class tests it replaces: same name and length, or nil, on edge and random bytes.
struct PlainNameTests {
    /// The name as the character class tests read it: regular bytes up to one that ends the
    /// name inside the bytes, none of them `#` or from 0x80 on.
    static func reference(_ bytes: [UInt8]) -> String {
        var length = 0
        while length < bytes.count, CharacterClass.isRegular(bytes[length]) {
            if bytes[length] == UInt8(ascii: "#") || bytes[length] >= 0x80 { return "nil" }
            length += 1
        }
        guard length < bytes.count else { return "nil" }
        return "\(String(decoding: bytes[..<length], as: UTF8.self)) \(length)"
    }

    static func reading(_ bytes: [UInt8]) -> String {
        guard let (name, length) = bytes.withUnsafeBufferPointer(Lexer.plainName) else { return "nil" }
        return "\(name.string) \(length)"
    }

    @Test(arguments: ["Type ", "Type", "Type/Catalog", "A#20B ", "caf\u{E9} ", " ", "/", "X>>", "Pages\n", "a{b}", "a(b", "a%b", "R\u{0}"])
    func knownNamesReadAlike(text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.reading(bytes) == Self.reference(bytes), "\(text.debugDescription)")
    }

    @Test func everyByteEndsOrContinuesAlike() {
        for byte in 0...255 {
            let bytes: [UInt8] = [UInt8(ascii: "N"), UInt8(byte), UInt8(ascii: " ")]
            #expect(Self.reading(bytes) == Self.reference(bytes), "byte \(byte)")
        }
    }

    @Test func randomNamesReadAlike() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [UInt8] = Array("TypeCatalogPages0123456789._-+:".utf8) + [0x20, 0x0A, 0x00, 0x2F, 0x3C, 0x3E, 0x5B, 0x5D, 0x28, 0x25, 0x23, 0x80, 0xE9, 0xFF, 0x7B]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            #expect(Self.reading(bytes) == Self.reference(bytes), "\(bytes)")
        }
    }
}
