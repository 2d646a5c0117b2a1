/// Writes PDF objects as bytes (ISO 32000-1 §7.3), in the conservative form every reader
/// accepts: strings of printable ASCII as literals, any other string as hex (pdf-notes §3.5).
enum ObjectSerializer {
    static func bytes(of object: PDFObject) -> [UInt8] {
        var output: [UInt8] = []
        write(object, to: &output)
        return output
    }

    /// - Parameter hexStrings: every string as hex, as encrypted strings are written (pdf-notes §4.4).
    static func write(_ object: PDFObject, to output: inout [UInt8], hexStrings: Bool = false) {
        switch object {
        case .null: output += Array("null".utf8)
        case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
        case .integer(let value): output += Array(String(value).utf8)
        case .real(let value): output += Array(realText(value).utf8)
        case .string(let bytes): hexStrings ? writeHex(bytes, to: &output) : writeString(bytes, to: &output)
        case .name(let name): writeName(name, to: &output)
        case .reference(let ref): output += Array("\(ref.number) \(ref.generation) R".utf8)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(0x20) }
                write(item, to: &output, hexStrings: hexStrings)
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let dictionary):
            write(dictionary, to: &output, hexStrings: hexStrings)
        }
    }

    static func write(_ dictionary: PDFDictionary, to output: inout [UInt8], hexStrings: Bool = false) {
        output += Array("<<".utf8)
        for (key, value) in dictionary.entries {
            writeName(key, to: &output)
            output.append(0x20)
            write(value, to: &output, hexStrings: hexStrings)
        }
        output += Array(">>".utf8)
    }

    /// Printable ASCII → `( … )` with `(`, `)`, `\` escaped; anything else → `< … >` hex.
    static func writeString(_ bytes: [UInt8], to output: inout [UInt8]) {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) {
            output.append(UInt8(ascii: "("))
            for byte in bytes {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") {
                    output.append(UInt8(ascii: "\\"))
                }
                output.append(byte)
            }
            output.append(UInt8(ascii: ")"))
        } else {
            writeHex(bytes, to: &output)
        }
    }

    static func writeHex(_ bytes: [UInt8], to output: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        output.append(UInt8(ascii: "<"))
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        output.append(UInt8(ascii: ">"))
    }

    /// A name with every byte outside the regular printable range written as `#xx` (§7.3.5).
    static func writeName(_ name: PDFName, to output: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        output.append(UInt8(ascii: "/"))
        for byte in name.bytes {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") && CharacterClass.isRegular(byte) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "#"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
    }

    private static func realText(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        var text = String(value)
        if text.contains("e") {
            // PDF has no exponent notation; fixed point with enough digits.
            let scaled = (value * 1_000_000).rounded() / 1_000_000
            text = String(scaled)
            if text.contains("e") { return "0" }
        }
        return text
    }

    /// Text as PDF text-string bytes: ASCII as-is, anything else UTF-16BE with BOM (pdf-notes §3.5).
    static func textStringBytes(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) { return Array(text.utf8) }
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            bytes.append(UInt8(unit >> 8))
            bytes.append(UInt8(unit & 0xFF))
        }
        return bytes
    }
}
