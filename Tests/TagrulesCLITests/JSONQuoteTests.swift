import Foundation
import Testing

@testable import TagrulesKit
import TestSupport

/// `JSONValue.quote`, which copies eight bytes at a time while none needs an escape (and the
/// last bytes short of a word as one overlapping word), against a byte-by-byte reference
/// written here, on random strings whose bytes needing escapes sit at
/// every position of the eight-byte words and in the tails.
struct JSONQuoteTests {
    /// Bytes with the most edge cases: the escapes, the bytes beside them, UTF-8 bytes.
    private static let alphabet: [UInt8] = [
        0x00, 0x01, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x2F, 0x5B, 0x5C, 0x5D,
        0x61, 0x7E, 0x7F, 0x80, 0xA2, 0xDC, 0xE0, 0xFF,
    ]

    @Test(arguments: 0..<20)
    func quotedBytesEqualTheReference(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &+ 300)
        for _ in 0..<300 {
            let length = Int.random(in: 0...40, using: &generator)
            let clean = Int.random(in: 0..<3, using: &generator) == 0
            let bytes: [UInt8] = (0..<length).map { _ in
                clean ? UInt8.random(in: 0x23...0x5B, using: &generator) : Self.alphabet.randomElement(using: &generator)!
            }
            var sink = ByteSink(capacity: 1)
            bytes.withUnsafeBufferPointer { JSONValue.quote($0, into: &sink) }
            #expect(sink.bytes == Self.reference(bytes), "\(bytes)")
        }
    }

    /// Clean strings of every length up to 40 with at most one byte needing an escape, at every
    /// position: the last bytes short of a word are stored as one overlapping word (or two
    /// four-byte words in a string of four to seven bytes) only when all of them are clean.
    @Test func oneEscapeAtEveryPositionEqualsTheReference() {
        var generator = SplitMix64(seed: 500)
        for length in 0...40 {
            for special in [nil] + Array(0..<length) {
                for _ in 0..<3 {
                    var bytes = (0..<length).map { _ in
                        Bool.random(using: &generator)
                            ? UInt8.random(in: 0x20...0x7E, using: &generator) : UInt8.random(in: 0x80...0xFF, using: &generator)
                    }
                    bytes = bytes.map { $0 == 0x22 || $0 == 0x5C ? 0x41 : $0 }
                    if let special { bytes[special] = [0x00, 0x0A, 0x1F, 0x22, 0x5C].randomElement(using: &generator)! }
                    var sink = ByteSink(capacity: 1)
                    bytes.withUnsafeBufferPointer { JSONValue.quote($0, into: &sink) }
                    #expect(sink.bytes == Self.reference(bytes), "\(bytes)")
                }
            }
        }
    }

    /// Valid strings also parse back to themselves.
    @Test func quotedStringsRoundTrip() throws {
        for text in ["", "1234567", "12345678", "123456789", "path/to/a \"score\".pdf", "tab\tand\\backslash 🎻 é",
            String(repeating: "x", count: 63) + "\u{1F}", "\u{7F}\u{80}\u{2028}"] {
            var sink = ByteSink()
            JSONValue.quote(text, into: &sink)
            let parsed = try JSONSerialization.jsonObject(with: Data(sink.bytes), options: .fragmentsAllowed)
            #expect(parsed as? String == text)
        }
    }

    @Test(arguments: 0..<10)
    func wordCheckEqualsTheByteCheck(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &+ 400)
        for _ in 0..<2_000 {
            let bytes = (0..<8).map { _ in
                Bool.random(using: &generator) ? Self.alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            let expected = bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            #expect(JSONValue.needsEscape(word) == expected, "\(bytes)")
        }
    }

    private static func reference(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x22]
        for byte in bytes {
            switch byte {
            case 0x22: out += Array("\\\"".utf8)
            case 0x5C: out += Array("\\\\".utf8)
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0x08: out += Array("\\b".utf8)
            case 0x0C: out += Array("\\f".utf8)
            case ..<0x20: out += Array(String(format: "\\u%04x", Int(byte)).utf8)
            default: out.append(byte)
            }
        }
        return out + [0x22]
    }
}
