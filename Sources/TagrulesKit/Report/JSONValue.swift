/// A JSON document as the reports build it, and its serialization: pretty-printed with two
/// spaces, object members in the order given, UTF-8 text as is, control characters escaped
/// (RFC 8259 §7).
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One member of an object.
    package struct Member: Sendable, Hashable {
        package var key: String
        package var value: JSONValue
    }

    /// An object from `(key, value)` pairs, in that order.
    package static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { Member(key: $0.key, value: $0.value) })
    }

    /// A string, or null.
    package static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// A number, or null.
    package static func int(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }

    /// An array of strings.
    package static func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }

    /// The document pretty-printed: two spaces per level, `"key": value`, a line break at the
    /// end.
    package var text: String { serialized(indent: 0) }

    /// The document on one line (JSON Lines), with a line break at the end.
    var line: String { serialized(indent: nil) }

    private func serialized(indent: Int?) -> String {
        var out = ""
        write(to: &out, indent: indent)
        out += "\n"
        return out
    }

    /// Appends the value; `indent` is its nesting level, or nil on one line.
    private func write(to out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let number): out += String(number)
        case .string(let text): Self.quote(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                Self.newline(&out, indent.map { $0 + 1 })
                item.write(to: &out, indent: indent.map { $0 + 1 })
            }
            Self.newline(&out, indent)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.newline(&out, indent.map { $0 + 1 })
                Self.quote(member.key, into: &out)
                out += indent == nil ? ":" : ": "
                member.value.write(to: &out, indent: indent.map { $0 + 1 })
            }
            Self.newline(&out, indent)
            out += "}"
        }
    }

    /// A line break and the spaces of nesting level `indent`; nothing on one line.
    private static func newline(_ out: inout String, _ indent: Int?) {
        guard let indent else { return }
        out += "\n" + String(repeating: " ", count: 2 * indent)
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped (RFC 8259
    /// §7: the two-character forms where JSON has one, else `\u00XX`); everything else as is.
    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u00" + (hex.count == 1 ? "0" : "") + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
