import Testing

@testable import PDFInfo

/// `ObjectSerializer`'s byte-level writers against the plain definitions they replace
/// (`String(value)` padded with zeros, per-byte escaping), on random and edge inputs.
struct SerializerFastPathTests {
    /// The definition: `String(value)` with zeros before it up to `width` characters.
    private func referenceInteger(_ value: Int, width: Int) -> [UInt8] {
        let digits = String(value)
        return Array((String(repeating: "0", count: max(0, width - digits.count)) + digits).utf8)
    }

    /// The definition: printable ASCII as a literal with `(`, `)`, `\` escaped, else hex.
    private func referenceString(_ bytes: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) else {
            return [UInt8(ascii: "<")] + bytes.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0x0F)]] } + [UInt8(ascii: ">")]
        }
        let escaped = bytes.flatMap { byte -> [UInt8] in
            [UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\")].contains(byte) ? [UInt8(ascii: "\\"), byte] : [byte]
        }
        return [UInt8(ascii: "(")] + escaped + [UInt8(ascii: ")")]
    }

    @Test func integersAreWrittenAsStringSpellsThem() {
        var generator = SystemRandomNumberGenerator()
        let edges = [0, 1, -1, 9, 10, 99_999, 100_000, 9_999_999_999, Int.max, Int.min, Int.min + 1, -42]
        let random = (0..<2_000).map { index in
            let value = Int.random(in: Int.min...Int.max, using: &generator)
            return value >> (index % 64)  // every magnitude, both signs
        }
        for value in edges + random {
            for width in [1, 5, 10, 25] {
                var output: [UInt8] = [0x41]
                ObjectSerializer.writeInteger(value, width: width, to: &output)
                #expect(output == [0x41] + referenceInteger(value, width: width), "\(value) width \(width)")
            }
        }
    }

    @Test func stringsAreEscapedOrHexAsBefore() {
        var generator = SystemRandomNumberGenerator()
        var inputs: [[UInt8]] = [[], Array("Nocturne".utf8), Array("a(b)c\\d".utf8), [0x1F], [0x7F], [0x20, 0x7E], [0xFE, 0xFF, 0, 0x41]]
        for length in 0..<300 {
            // Mostly printable, with escapes and the odd control or high byte.
            inputs.append((0..<(length % 40)).map { _ in
                switch UInt8.random(in: 0...99, using: &generator) {
                case 0: UInt8.random(in: 0...255, using: &generator)
                case 1...5: [UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\")][Int.random(in: 0...2, using: &generator)]
                default: UInt8.random(in: 0x20...0x7E, using: &generator)
                }
            })
        }
        for input in inputs {
            var output: [UInt8] = []
            ObjectSerializer.writeString(input, to: &output)
            #expect(output == referenceString(input), "\(input)")
        }
    }

    @Test func namesAreWrittenFromTheirBytes() {
        var names: [PDFName] = [
            "Title", "AAPL:Keywords", "A#B", "with space", "Café", "(paren)", "", "Z", "a/b", "~!", "x\u{7F}",
            PDFName(bytes: [0x41, 0xE9, 0x42]), PDFName(bytes: [0xFF]), PDFName(bytes: [0x23, 0x80]),
        ]
        // Random names, mostly of bytes written as they are, some with one to escape (a valid
        // UTF-8 name goes through the one-piece check, an invalid one byte by byte).
        var generator = SystemRandomNumberGenerator()
        let plain = Array("ABCXYZabcxyz0189:._-+*!".utf8)
        let other: [UInt8] = [0x00, 0x09, 0x20, 0x23, 0x25, 0x28, 0x2F, 0x3C, 0x5B, 0x7B, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...24, using: &generator)
            let escaped = Int.random(in: 0..<4, using: &generator) == 0
            let bytes = (0..<count).map { _ in
                escaped && Int.random(in: 0..<6, using: &generator) == 0
                    ? other.randomElement(using: &generator)! : plain.randomElement(using: &generator)!
            }
            names.append(PDFName(bytes: bytes))
        }
        let hex = Array("0123456789ABCDEF".utf8)
        for name in names {
            var output: [UInt8] = []
            ObjectSerializer.writeName(name, to: &output)
            let expected = [UInt8(ascii: "/")] + name.bytes.flatMap { byte -> [UInt8] in
                byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") && CharacterClass.isRegular(byte)
                    ? [byte] : [UInt8(ascii: "#"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
            #expect(output == expected, "\(name)")
        }
    }
    /// Text strings: printable ASCII as it is, anything else UTF-16BE with a byte order mark,
    /// on edge and random texts.
    @Test func textStringsAreASCIIOrUTF16AsDefined() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["", "a", "Title", " ", "~", "\u{7F}", "\u{1F}", "\n", "é", "Dvořák", "𝄞", "测试", "(x)"]
        var texts = pieces
        for _ in 0..<2_000 {
            texts.append((0..<Int.random(in: 1...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            let ascii = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value <= 0x7E }
            let expected = ascii ? Array(text.utf8) : [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            #expect(ObjectSerializer.textStringBytes(text) == expected, "\(text)")
        }
    }
}
