import Testing
@testable import PDFInfo

/// `Lexer.wholeHexString` (a table of digit values, `memchr` for the `>`) against the hex
/// string's definition (§7.3.4.3): the digits before the first `>` in pairs, anything else
/// ignored, an odd last digit padded with 0; nil when there is no `>`.
struct HexStringFastPathTests {
    static func reference(_ bytes: [UInt8]) -> String {
        guard let end = bytes.firstIndex(of: UInt8(ascii: ">")) else { return "nil" }
        let digits = bytes[..<end].compactMap(CharacterClass.hexValue)
        var decoded: [UInt8] = []
        for pair in stride(from: 0, to: digits.count, by: 2) {
            decoded.append(digits[pair] << 4 | (pair + 1 < digits.count ? digits[pair + 1] : 0))
        }
        return "\(decoded) \(end + 1)"
    }

    static func reading(_ bytes: [UInt8]) -> String {
        guard let (value, length) = bytes.withUnsafeBufferPointer(Lexer.wholeHexString) else { return "nil" }
        return "\(value) \(length)"
    }

    @Test(arguments: ["", ">", "4>", "41>", "414>", "4 1>", "4x1>", "F8EAC63EC7410B05EA7E0C0FBA11DADC>", "aBcDeF>", "gG>", "41", "41>42>", "\u{0}41\u{FF}>"])
    func knownStringsReadAlike(text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.reading(bytes) == Self.reference(bytes), "\(text.debugDescription)")
    }

    @Test func randomStringsReadAlike() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [UInt8] = Array("0123456789abcdefABCDEF".utf8) + [0x20, 0x0A, 0x0D, 0x00, 0x2F, 0x3A, 0x40, 0x47, 0x60, 0x67, 0xFF, 0x3E]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                // `>` rarely, so that most strings are long.
                Int.random(in: 0..<30, using: &generator) == 0 ? UInt8(ascii: ">") : pieces.dropLast().randomElement(using: &generator)!
            }
            #expect(Self.reading(bytes) == Self.reference(bytes), "\(bytes)")
        }
    }
}
