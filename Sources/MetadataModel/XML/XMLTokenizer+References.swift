extension XMLTokenizer {
    /// Resolves references and normalises line ends (XML 1.0 §2.11: CR LF and a lone CR become
    /// LF) and, in attribute values, white space (§3.3.3: tab, LF and CR become a space;
    /// character references keep what they name).
    ///
    /// - Parameters:
    ///   - offset: where `raw` starts in the document, for errors.
    ///   - line: the line of an offset, for errors.
    /// - Throws: in the strict dialect, for an `&` that starts no reference to a character XML
    ///   allows; the tolerant dialect keeps such an `&` as text.
    static func decode(
        _ raw: ArraySlice<UInt8>, inAttribute: Bool, dialect: Dialect, at offset: Int, line: (Int) -> Int
    ) throws(InterchangeError) -> String {
        let needsWork = raw.contains {
            $0 == UInt8(ascii: "&") || $0 == 0x0D || (inAttribute && ($0 == 0x09 || $0 == 0x0A))
        }
        guard needsWork else { return String(decoding: raw, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            switch byte {
            case UInt8(ascii: "&"):
                if let (scalar, length) = reference(raw[index...]) {
                    output.append(contentsOf: String(scalar).utf8)
                    index += length
                    continue
                }
                guard dialect == .tolerant else {
                    let at = offset + (index - raw.startIndex)
                    throw InterchangeError(
                        .malformedXML, "'\(referenceText(raw[index...]))' is not a reference to a character XML allows; write '&amp;' for '&'",
                        line: line(at), offset: at)
                }
                output.append(byte)
            case 0x0D:
                output.append(inAttribute ? 0x20 : 0x0A)
                if index + 1 < raw.endIndex && raw[index + 1] == 0x0A { index += 1 }
            case 0x09, 0x0A:
                output.append(inAttribute ? 0x20 : byte)
            default:
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The scalar and length of `&name;` or `&#…;` at the start of `text`, if it is one of the
    /// five predefined entities or names a character XML allows (§2.2, §4.1).
    private static func reference(_ text: ArraySlice<UInt8>) -> (Unicode.Scalar, Int)? {
        // `&#x10FFFF;` is the longest valid reference.
        guard let semicolon = text.prefix(12).firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let body = text[(text.startIndex + 1)..<semicolon]
        let length = semicolon - text.startIndex + 1
        switch String(decoding: body, as: UTF8.self) {
        case "lt": return ("<", length)
        case "gt": return (">", length)
        case "amp": return ("&", length)
        case "apos": return ("'", length)
        case "quot": return ("\"", length)
        default: break
        }
        guard body.first == UInt8(ascii: "#") else { return nil }
        let hex = body.dropFirst().first == UInt8(ascii: "x")
        let digits = body.dropFirst(hex ? 2 : 1)
        let isDigit: (UInt8) -> Bool = { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): hex
            default: false
            }
        }
        guard !digits.isEmpty, digits.allSatisfy(isDigit),
            let value = UInt32(String(decoding: digits, as: UTF8.self), radix: hex ? 16 : 10),
            let scalar = Unicode.Scalar(value), XMLEscaping.isXMLChar(scalar)
        else { return nil }
        return (scalar, length)
    }

    /// The would-be reference at the start of `text`, for an error message.
    private static func referenceText(_ text: ArraySlice<UInt8>) -> String {
        let end = text.prefix(12).firstIndex(of: UInt8(ascii: ";")).map { $0 + 1 } ?? min(text.endIndex, text.startIndex + 1)
        return String(decoding: text[text.startIndex..<end], as: UTF8.self)
    }
}
