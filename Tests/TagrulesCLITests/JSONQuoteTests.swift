import Foundation
import Testing

@testable import TagrulesKit

/// `JSONValue.quote`: the escapes of RFC 8259 §7, and numbers, read back by Foundation's JSON
/// parser as an independent reader.
struct JSONQuoteTests {
    @Test(arguments: [
        ("", #""""#),
        ("plain é 🎻", #""plain é 🎻""#),
        ("path/to/a \"score\".pdf", #""path/to/a \"score\".pdf""#),
        ("tab\tand\\backslash", #""tab\tand\\backslash""#),
        ("\n\r\u{08}\u{0C}", #""\n\r\b\f""#),
        ("\u{00}\u{01}\u{1F}", #""\u0000\u0001\u001f""#),
        ("\u{7F}\u{80}\u{2028}/", "\"\u{7F}\u{80}\u{2028}/\""),
    ])
    func escapesAsRFC8259(text: String, quoted: String) throws {
        let out = JSONValue.quote(text)
        #expect(out == quoted)
        let parsed = try JSONSerialization.jsonObject(with: Data(out.utf8), options: .fragmentsAllowed)
        #expect(parsed as? String == text)
    }

    /// Every scalar below U+0080 and a few beyond, one at a time, reads back as itself.
    @Test func everyASCIIScalarRoundTrips() throws {
        for value in Array(0..<0x80) + [0xA0, 0x2028, 0x1F3BB] {
            let text = "a" + String(UnicodeScalar(UInt32(value))!) + "b"
            let out = JSONValue.quote(text)
            let parsed = try JSONSerialization.jsonObject(with: Data(out.utf8), options: .fragmentsAllowed)
            #expect(parsed as? String == text, "U+\(String(value, radix: 16))")
        }
    }

    /// Integers are written as Swift spells them, down to `Int.min`, and read back as themselves.
    @Test(arguments: [0, 7, 10, -1, -10, 1_000_000_007, Int.max, Int.min])
    func integersReadBack(number: Int) throws {
        let line = JSONValue.array([.int(number)]).line
        #expect(line == "[\(number)]\n")
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [NSNumber]
        #expect(parsed?.first?.int64Value == Int64(number))
    }
}
