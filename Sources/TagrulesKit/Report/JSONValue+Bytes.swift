/// The bytes of JSON text, stored straight into a `ByteSink`: the serializer's hot path
/// (every key and value of every file of a report), kept apart as the one place in the reports
/// that writes through pointers.
extension JSONValue {
    /// A line break and two spaces per level, or nothing when compact (`indent` nil).
    static func newline(_ out: inout ByteSink, _ indent: Int?) {
        guard let indent else { return }
        let spaces = 2 * max(0, indent)
        out.write(reserving: spaces + 1) { position in
            position.pointee = UInt8(ascii: "\n")
            (position + 1).initialize(repeating: UInt8(ascii: " "), count: spaces)
            return position + 1 + spaces
        }
    }

    /// Appends literal punctuation or a keyword (a hot path: every value of every file).
    static func appendLiteral(_ literal: StaticString, to out: inout ByteSink) {
        out.append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends the decimal digits of `number`, without making a `String` of them.
    static func appendNumber(_ number: Int, to out: inout ByteSink) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for the 20 digits of UInt64.max
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t` … or
    /// `\u00XX`; everything else as is (UTF-8 bytes of 0x80 and above never need escaping).
    static func quote(_ text: String, into out: inout ByteSink) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { quote($0, into: &out) }
        if done == nil {
            var copy = text
            copy.withUTF8 { quote($0, into: &out) }
        }
    }

    /// The bytes of a string, quoted and escaped: room for the longest escape of every byte is
    /// made once, then the bytes are stored directly (``escaped(_:at:)``), between quotes.
    static func quote(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout ByteSink) {
        out.write(reserving: 6 * bytes.count + 2) { start in
            start.pointee = UInt8(ascii: "\"")
            let end = escaped(bytes, at: start + 1)
            end.pointee = UInt8(ascii: "\"")
            return end + 1
        }
    }

    /// Stores `bytes` escaped at `position` (room for six bytes each) and returns the position
    /// after them: eight at a time while none of the eight needs an escape (``needsEscape(_:)``),
    /// else one by one. The last bytes short of a word go as a word too when clean: the last
    /// eight bytes (overlapping bytes already stored as they are), or, in a string of four to
    /// seven bytes, its first and last four.
    private static func escaped(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        var position = start
        guard let base = bytes.baseAddress else { return position }
        let count = bytes.count
        if count < 8 {
            if count >= 4, let end = storeShort(base, count: count, at: position) { return end }
            for offset in 0..<count { position = store(base[offset], at: position) }
            return position
        }
        var index = 0
        while count - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if needsEscape(word) {
                for offset in index..<(index + 8) { position = store(base[offset], at: position) }
            } else {
                UnsafeMutableRawPointer(position).storeBytes(of: word, as: UInt64.self)
                position += 8
            }
            index += 8
        }
        let tail = count - index
        guard tail > 0 else { return position }
        let word = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
        if needsEscape(word) {
            for offset in index..<count { position = store(base[offset], at: position) }
            return position
        }
        // The word's first 8 - tail bytes are clean, so they were stored as they are and are
        // the last bytes before `position`: storing them again changes nothing.
        UnsafeMutableRawPointer(position - (8 - tail)).storeBytes(of: word, as: UInt64.self)
        return position + tail
    }

    /// Stores the 4 to 7 bytes at `base` as two overlapping four-byte words and returns the
    /// position after them, or nil (nothing stored) when one of them needs an escape.
    @inline(__always)
    private static func storeShort(
        _ base: UnsafePointer<UInt8>, count: Int, at position: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8>? {
        let first = UnsafeRawPointer(base).loadUnaligned(as: UInt32.self)
        let last = UnsafeRawPointer(base + count - 4).loadUnaligned(as: UInt32.self)
        guard !needsEscape(UInt64(first) | UInt64(last) << 32) else { return nil }
        UnsafeMutableRawPointer(position).storeBytes(of: first, as: UInt32.self)
        UnsafeMutableRawPointer(position + count - 4).storeBytes(of: last, as: UInt32.self)
        return position + count
    }

    /// Stores one byte of a string, escaped when it must be, and returns the position after it.
    @inline(__always)
    private static func store(_ byte: UInt8, at position: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { return escape(byte, at: position) }
        position.pointee = byte
        return position + 1
    }

    /// Whether any of the eight bytes of `word` is a control character, `"` or `\`. Exact: a
    /// byte's subtraction borrows from the next byte only when that byte itself is flagged
    /// (below 0x20, or zero once `"` or `\` is taken away), so no clean byte is ever flagged
    /// and the answer is never wrong, even when the flagged position is.
    static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- 0x20 &* ones) & ~word
        let quotes = word ^ (UInt64(UInt8(ascii: "\"")) &* ones)
        let backslashes = word ^ (UInt64(UInt8(ascii: "\\")) &* ones)
        return (control | ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)) & highBits != 0
    }

    /// Stores the escape sequence of one byte that JSON strings may not hold as is (at most six
    /// bytes) and returns the position after it.
    static func escape(_ byte: UInt8, at position: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let short: UInt8? =
            switch byte {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "\n"): UInt8(ascii: "n")
            case UInt8(ascii: "\r"): UInt8(ascii: "r")
            case UInt8(ascii: "\t"): UInt8(ascii: "t")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            default: nil
            }
        position.pointee = UInt8(ascii: "\\")
        if let short {
            position[1] = short
            return position + 2
        }
        let hex: StaticString = "0123456789abcdef"
        position[1] = UInt8(ascii: "u")
        position[2] = UInt8(ascii: "0")
        position[3] = UInt8(ascii: "0")
        position[4] = hex.utf8Start[Int(byte >> 4)]
        position[5] = hex.utf8Start[Int(byte & 0x0F)]
        return position + 6
    }
}
