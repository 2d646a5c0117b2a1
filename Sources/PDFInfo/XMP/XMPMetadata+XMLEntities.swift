/// Character and entity references (XML 1.0 §4.1) and line-end and attribute white-space
/// normalisation for the XMP reader.
extension XMPMetadata.XMLReader {
    /// Resolves references and normalises line ends (XML 1.0 §2.11) and, in attribute values,
    /// white space (§3.3.3). An `&` that starts no known reference stays as it is.
    static func decode(_ raw: ArraySlice<UInt8>, inAttribute: Bool) -> String {
        let plain = !raw.contains {
            $0 == UInt8(ascii: "&") || $0 == 0x0D || (inAttribute && ($0 == 0x09 || $0 == 0x0A))
        }
        if plain { return String(decoding: raw, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var position = raw.startIndex
        while position < raw.endIndex {
            let byte = raw[position]
            switch byte {
            case UInt8(ascii: "&"):
                if let (scalar, length) = Self.reference(raw[position...]) {
                    output.append(contentsOf: String(scalar).utf8)
                    position += length
                    continue
                }
                output.append(byte)
            case 0x0D:
                output.append(inAttribute ? 0x20 : 0x0A)
                if position + 1 < raw.endIndex && raw[position + 1] == 0x0A { position += 1 }
            case 0x09, 0x0A:
                output.append(inAttribute ? 0x20 : byte)
            default:
                output.append(byte)
            }
            position += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The scalar and length of `&name;` or `&#…;` at the start of `text`, if valid.
    private static func reference(_ text: ArraySlice<UInt8>) -> (Unicode.Scalar, Int)? {
        guard let semicolon = text.prefix(12).firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let body = String(decoding: text[(text.startIndex + 1)..<semicolon], as: UTF8.self)
        let length = semicolon - text.startIndex + 1
        switch body {
        case "lt": return ("<", length)
        case "gt": return (">", length)
        case "amp": return ("&", length)
        case "apos": return ("'", length)
        case "quot": return ("\"", length)
        default:
            guard body.hasPrefix("#") else { return nil }
            let hex = body.hasPrefix("#x")
            let digits = body.dropFirst(hex ? 2 : 1)
            guard !digits.isEmpty, digits.allSatisfy({ hex ? $0.isHexDigit : $0.isASCII && $0.isNumber }),
                let value = UInt32(digits, radix: hex ? 16 : 10), value != 0,
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return (scalar, length)
        }
    }
}
