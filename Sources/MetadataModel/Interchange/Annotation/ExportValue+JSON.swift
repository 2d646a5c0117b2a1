extension ExportValue {
    /// JSON (RFC 8259) with two-space indentation; `indent` is the current line's indentation.
    func json(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .string(let text): return Self.jsonString(text)
        case .integer(let number): return String(number)
        case .dictionary(let entries):
            guard !entries.isEmpty else { return "{}" }
            let lines = entries.map { inner + Self.jsonString($0.key) + ": " + $0.value.json(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        case .array(let values):
            guard !values.isEmpty else { return "[]" }
            let lines = values.map { inner + $0.json(indent: inner) }
            return "[\n" + lines.joined(separator: ",\n") + "\n" + indent + "]"
        }
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\r`, `\t`,
    /// `\b`, `\f` or `\u00XX`, and U+2028/U+2029 as `\u2028`/`\u2029` so the text is also
    /// valid JavaScript; everything else as UTF-8.
    static func jsonString(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\u{08}": out.append(contentsOf: "\\b".unicodeScalars)
            case "\u{0C}": out.append(contentsOf: "\\f".unicodeScalars)
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
                } else {
                    out.append(scalar)
                }
            }
        }
        out.append("\"")
        return String(out)
    }
}
