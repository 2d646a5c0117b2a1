/// The two ASCII stream filters (ISO 32000-1 §7.4.2, §7.4.3), seen even on xref streams.
enum ASCIIFilters {
    /// ASCIIHexDecode: hex digit pairs up to `>`, whitespace ignored, an odd last digit padded with 0.
    static func hexDecode(_ data: [UInt8]) throws(PDFError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(data.count / 2)
        var pending: UInt8?
        for byte in data {
            if byte == UInt8(ascii: ">") { break }
            if CharacterClass.isWhitespace(byte) { continue }
            guard let value = CharacterClass.hexValue(byte) else {
                throw PDFError(.malformed, "invalid character in ASCIIHexDecode data")
            }
            if let high = pending {
                output.append(high << 4 | value)
                pending = nil
            } else {
                pending = value
            }
        }
        if let high = pending { output.append(high << 4) }
        return output
    }

    /// ASCII85Decode: groups of five base-85 digits, `z` for four zero bytes, ending at `~>`.
    static func base85Decode(_ data: [UInt8]) throws(PDFError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(data.count * 4 / 5)
        var group: [UInt32] = []
        func flush(_ digits: [UInt32]) throws(PDFError) {
            guard digits.count > 1 else {
                if digits.count == 1 { throw PDFError(.malformed, "ASCII85Decode data ends with a single digit") }
                return
            }
            var padded = digits
            while padded.count < 5 { padded.append(84) }
            var value: UInt64 = 0
            for digit in padded { value = value * 85 + UInt64(digit) }
            guard value <= UInt64(UInt32.max) else { throw PDFError(.malformed, "ASCII85Decode group out of range") }
            let bytes = [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
            output.append(contentsOf: bytes.prefix(digits.count - 1))
        }
        for byte in data {
            if byte == UInt8(ascii: "~") { break }
            if CharacterClass.isWhitespace(byte) { continue }
            if byte == UInt8(ascii: "z") && group.isEmpty {
                output.append(contentsOf: [0, 0, 0, 0])
                continue
            }
            guard byte >= 0x21, byte <= 0x75 else { throw PDFError(.malformed, "invalid character in ASCII85Decode data") }
            group.append(UInt32(byte - 0x21))
            if group.count == 5 {
                try flush(group)
                group.removeAll(keepingCapacity: true)
            }
        }
        try flush(group)
        return output
    }
}
