/// The result of reading text the way `-[NSString integerValue]` does.
///
/// forScore's sample code (pdf-metadata.txt, "Parsing Specialty Keywords") reads every
/// special keyword's value with `integerValue`. The emulation follows CoreFoundation's
/// `__CFStringScanInteger` (CFStringScanner.c, 64-bit path):
/// - skip leading whitespace, where whitespace is CoreFoundation's `__CFIsWhitespace`
///   (UTF-16 code units below U+0021, U+007F–U+00A0, U+2000–U+200B, U+3000);
/// - an optional `+` or `-`, after which whitespace is skipped again;
/// - ASCII digits `0`–`9` up to the first other code unit;
/// - on overflow the value saturates at `Int.max` (or `Int.min` when negative) and the
///   remaining digits are consumed;
/// - no digits at all → 0.
public struct IntegerValue: Sendable, Hashable {
    /// The number `integerValue` returns.
    public var value: Int
    /// Whether at least one digit was read. When `false`, `value` is 0.
    public var hasDigits: Bool
    /// The text after the digits (or, without digits, the whole text): what `integerValue`
    /// ignores. Empty when the text was exactly a number, apart from trailing whitespace.
    public var ignoredText: String

    /// Reads `text` as `-[NSString integerValue]` would.
    public init(parsing text: String) {
        let units = text.utf16
        var index = units.startIndex
        func skipWhitespace() {
            while index < units.endIndex, Self.isWhitespace(units[index]) {
                index = units.index(after: index)
            }
        }
        skipWhitespace()
        var negative = false
        if index < units.endIndex, units[index] == 0x2D || units[index] == 0x2B {
            negative = units[index] == 0x2D
            index = units.index(after: index)
            skipWhitespace()
        }
        var magnitude = 0
        var saturated = false
        var digits = 0
        while index < units.endIndex, let digit = Self.digit(units[index]) {
            digits += 1
            if !saturated {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                // Build the negative value downwards so that Int.min itself is reachable.
                let (next, o2) =
                    negative
                    ? times10.subtractingReportingOverflow(digit)
                    : times10.addingReportingOverflow(digit)
                if o1 || o2 {
                    magnitude = negative ? Int.min : Int.max
                    saturated = true
                } else {
                    magnitude = next
                }
            }
            index = units.index(after: index)
        }
        value = digits > 0 ? magnitude : 0
        hasDigits = digits > 0
        let rest = digits > 0 ? String(units[index...]) ?? "" : text
        ignoredText = digits > 0 && Self.isBlank(rest) ? "" : rest
    }

    /// `__CFIsWhitespace` from CoreFoundation's CFInternal.h.
    static func isWhitespace(_ unit: UInt16) -> Bool {
        unit < 0x21 || (unit > 0x7E && unit < 0xA1) || (0x2000...0x200B).contains(unit)
            || unit == 0x3000
    }

    private static func digit(_ unit: UInt16) -> Int? {
        (0x30...0x39).contains(unit) ? Int(unit - 0x30) : nil
    }

    private static func isBlank(_ text: String) -> Bool {
        text.utf16.allSatisfy(isWhitespace)
    }
}
