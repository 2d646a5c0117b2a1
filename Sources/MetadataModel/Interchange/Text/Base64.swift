/// Base64 with the standard alphabet and `=` padding (RFC 4648 §4), as `NSData`'s
/// `base64EncodedStringWithOptions:0` writes it: one line, no breaks. MetadataModel uses no
/// Foundation, so it carries its own.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The value of each ASCII byte in the alphabet, or 0xFF.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// Encodes `bytes` as padded Base64 on one line.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let b0 = iterator.next() {
            let b1 = iterator.next()
            let b2 = iterator.next()
            let group = UInt32(b0) << 16 | UInt32(b1 ?? 0) << 8 | UInt32(b2 ?? 0)
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(b1 == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
            out.append(b2 == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes padded Base64, skipping ASCII whitespace (an XML attribute's line breaks
    /// become spaces). Returns `nil` for anything else: a character outside the alphabet,
    /// a length that is not a multiple of 4, padding anywhere but at the end, or non-zero
    /// bits in the last symbol before padding (only one encoding of each input is accepted).
    public static func decode(_ text: String) -> [UInt8]? {
        var symbols: [UInt8] = []
        symbols.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: symbols.append(byte)
            }
        }
        guard symbols.count % 4 == 0 else { return nil }
        var padding = 0
        while padding < 2, symbols.count > padding, symbols[symbols.count - 1 - padding] == UInt8(ascii: "=") {
            padding += 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(symbols.count / 4 * 3)
        var group: UInt32 = 0
        for (index, symbol) in symbols.dropLast(padding).enumerated() {
            let value = values[Int(symbol)]
            guard value != 0xFF else { return nil }
            group = group << 6 | UInt32(value)
            if index % 4 == 3 {
                out.append(UInt8(group >> 16 & 0xFF))
                out.append(UInt8(group >> 8 & 0xFF))
                out.append(UInt8(group & 0xFF))
                group = 0
            }
        }
        switch padding {
        case 1:
            guard group & 0x3 == 0 else { return nil }
            out.append(UInt8(group >> 10 & 0xFF))
            out.append(UInt8(group >> 2 & 0xFF))
        case 2:
            guard group & 0xF == 0 else { return nil }
            out.append(UInt8(group >> 4 & 0xFF))
        default: break
        }
        return out
    }
}
