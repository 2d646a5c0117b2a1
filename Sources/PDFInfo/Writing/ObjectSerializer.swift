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
        case .null: append("null", to: &output)
        case .bool(let flag): append(flag ? "true" : "false", to: &output)
        case .integer(let value): writeInteger(value, to: &output)
        case .real(let value): output.append(contentsOf: realText(value).utf8)
        case .string(let bytes): hexStrings ? writeHex(bytes, to: &output) : writeString(bytes, to: &output)
        case .name(let name): writeName(name, to: &output)
        case .reference(let ref):
            writeInteger(ref.number, to: &output)
            output.append(0x20)
            writeInteger(ref.generation, to: &output)
            append(" R", to: &output)
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
        append("<<", to: &output)
        for entry in dictionary.entries {
            writeName(entry.key, to: &output)
            output.append(0x20)
            write(entry.value, to: &output, hexStrings: hexStrings)
        }
        append(">>", to: &output)
    }

    /// Appends the bytes of `literal` (a String's UTF-8 view goes through a slower generic copy).
    private static func append(_ literal: StaticString, to output: inout [UInt8]) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Printable ASCII → `( … )` with `(`, `)`, `\` escaped; anything else → `< … >` hex.
    static func writeString(_ bytes: [UInt8], to output: inout [UInt8]) {
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) else { return writeHex(bytes, to: &output) }
        output.append(UInt8(ascii: "("))
        for byte in bytes {
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") {
                output.append(UInt8(ascii: "\\"))
            }
            output.append(byte)
        }
        output.append(UInt8(ascii: ")"))
    }

    static func writeHex(_ bytes: [UInt8], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        for byte in bytes {
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0x0F))
        }
        output.append(UInt8(ascii: ">"))
    }

    /// A name as the file spelled it, when that differs from how it is written otherwise
    /// (`PDFName.spelling`): every byte outside the regular printable range, and `#`, as
    /// `#xx` (§7.3.5).
    static func writeName(_ name: PDFName, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "/"))
        if let spelling = name.spelling {
            output.append(contentsOf: spelling)
            return
        }
        for byte in name.bytes {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") && CharacterClass.isRegular(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "#"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            }
        }
    }

    /// The upper-case hex digit of `value` (0–15).
    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// `value` in decimal, with zeros before it to make at least `width` characters (xref
    /// entries' fixed-width fields).
    static func writeInteger(_ value: Int, width: Int = 1, to output: inout [UInt8]) {
        let digits = String(value)
        output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - digits.utf8.count)))
        output.append(contentsOf: digits.utf8)
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

    /// Text as PDF text-string bytes: printable ASCII as-is, anything else UTF-16BE with BOM
    /// (pdf-notes §3.5).
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
