import MetadataModel
import TestSupport
import Testing

/// `-[NSString integerValue]` as CoreFoundation's `__CFStringScanInteger` implements it.
struct IntegerValueTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var value: Int
        var hasDigits: Bool
        var ignored: String
        var testDescription: String { String(reflecting: text) }
    }

    static let cases: [Case] = [
        Case(text: "4", value: 4, hasDigits: true, ignored: ""),
        Case(text: "0", value: 0, hasDigits: true, ignored: ""),
        Case(text: "-1", value: -1, hasDigits: true, ignored: ""),
        Case(text: " 4", value: 4, hasDigits: true, ignored: ""),
        Case(text: "+2", value: 2, hasDigits: true, ignored: ""),
        Case(text: "007", value: 7, hasDigits: true, ignored: ""),
        Case(text: "3.7", value: 3, hasDigits: true, ignored: ".7"),
        Case(text: "4abc", value: 4, hasDigits: true, ignored: "abc"),
        Case(text: "4 ", value: 4, hasDigits: true, ignored: ""),
        Case(text: "4 5", value: 4, hasDigits: true, ignored: " 5"),
        Case(text: "abc", value: 0, hasDigits: false, ignored: "abc"),
        Case(text: "", value: 0, hasDigits: false, ignored: ""),
        Case(text: "   ", value: 0, hasDigits: false, ignored: "   "),
        Case(text: "-", value: 0, hasDigits: false, ignored: "-"),
        Case(text: "--4", value: 0, hasDigits: false, ignored: "--4"),
        Case(text: "+-4", value: 0, hasDigits: false, ignored: "+-4"),
        Case(text: ".5", value: 0, hasDigits: false, ignored: ".5"),
        Case(text: "0x1F", value: 0, hasDigits: true, ignored: "x1F"),
        // CoreFoundation skips whitespace after the sign too.
        Case(text: "- 5", value: -5, hasDigits: true, ignored: ""),
        // __CFIsWhitespace: controls, U+007F–U+00A0, U+2000–U+200B, U+3000.
        Case(text: "\t\n\r7", value: 7, hasDigits: true, ignored: ""),
        Case(text: "\u{A0}8", value: 8, hasDigits: true, ignored: ""),
        Case(text: "\u{200B}9", value: 9, hasDigits: true, ignored: ""),
        Case(text: "\u{3000}1", value: 1, hasDigits: true, ignored: ""),
        // Only ASCII digits count.
        Case(text: "٣", value: 0, hasDigits: false, ignored: "٣"),
        Case(text: "３", value: 0, hasDigits: false, ignored: "３"),
        // Overflow saturates.
        Case(text: "9223372036854775807", value: Int.max, hasDigits: true, ignored: ""),
        Case(text: "9223372036854775808", value: Int.max, hasDigits: true, ignored: ""),
        Case(text: "99999999999999999999", value: Int.max, hasDigits: true, ignored: ""),
        Case(text: "-9223372036854775808", value: Int.min, hasDigits: true, ignored: ""),
        Case(text: "-99999999999999999999", value: Int.min, hasDigits: true, ignored: ""),
        Case(text: "99999999999999999999x", value: Int.max, hasDigits: true, ignored: "x"),
    ]

    @Test(arguments: cases)
    func parses(_ c: Case) {
        let parsed = IntegerValue(parsing: c.text)
        #expect(parsed.value == c.value)
        #expect(parsed.hasDigits == c.hasDigits)
        #expect(parsed.ignoredText == c.ignored)
    }

    /// Every Int written in decimal reads back as itself.
    @Test func readsEveryWrittenInt() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            let value = Int.random(in: Int.min...Int.max, using: &rng)
            #expect(IntegerValue(parsing: String(value)).value == value, "\(value)")
        }
    }
}
