/// Reals (ISO 32000-1 §7.3.3): the value of a real's digits, exactly rounded.
extension Lexer {
    /// The value of a real's characters after its signs: up to a second dot (`1.2.3` reads as
    /// 1.2), correctly rounded; `5.` and `.` read as 5 and 0. The usual reals (`595.28`,
    /// `0.000000000000`) are worked out by `exactRealValue`, the others by the standard library.
    static func realValue(_ digits: some Collection<UInt8>) -> Double {
        if case let exact?? = digits.withContiguousStorageIfAvailable(exactRealValue) { return exact }
        return parsedRealValue(digits)
    }

    /// `realValue` for digits and dots whose significant digits make an integer of at most
    /// 2^53 and that have at most 22 digits after the dot (Clinger's fast path): that integer
    /// and the power of ten are both exact doubles, so one division, which IEEE 754 rounds
    /// correctly, gives the correctly rounded value, as the standard library's parse does.
    /// Nil for anything else (more digits, or a byte that is neither a digit nor a dot).
    static func exactRealValue(_ digits: UnsafeBufferPointer<UInt8>) -> Double? {
        var mantissa: UInt64 = 0
        var fractionDigits = 0
        var seenDot = false
        for byte in digits {
            if byte == UInt8(ascii: ".") {
                if seenDot { break }
                seenDot = true
                continue
            }
            guard CharacterClass.isDigit(byte), mantissa < 100_000_000_000_000_000 else { return nil }
            mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
            if seenDot { fractionDigits += 1 }
        }
        guard mantissa <= 1 << 53, fractionDigits < exactPowersOfTen.count else { return nil }
        return Double(mantissa) / exactPowersOfTen[fractionDigits]
    }

    /// 10^0 … 10^22, the powers of ten that are exact doubles.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// `realValue` by the standard library's parse of the text (`strtod`, exactly rounded).
    static func parsedRealValue(_ digits: some Collection<UInt8>) -> Double {
        var seenDot = false
        let realDigits = digits.prefix { byte in
            if byte == UInt8(ascii: ".") {
                defer { seenDot = true }
                return !seenDot
            }
            return true
        }
        return Double(String(decoding: realDigits, as: UTF8.self))
            ?? Double("0" + String(decoding: realDigits, as: UTF8.self) + "0") ?? 0
    }
}
