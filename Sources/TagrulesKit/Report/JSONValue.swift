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
    package var text: String { String(decoding: utf8, as: UTF8.self) }

    /// `text` as UTF-8 bytes, for writing to a file or standard output.
    package var utf8: [UInt8] { serialized(indent: 0) }

    /// The document on one line (JSON Lines), with a line break at the end.
    var line: String { String(decoding: serialized(indent: nil), as: UTF8.self) }

    private func serialized(indent: Int?) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, indent: indent)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// Appends the value's UTF-8 bytes; `indent` is its nesting level, or nil on one line.
    private func write(to out: inout [UInt8], indent: Int?) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): out.append(contentsOf: String(number).utf8)
        case .string(let text): Self.quote(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(&out, indent.map { $0 + 1 })
                item.write(to: &out, indent: indent.map { $0 + 1 })
            }
            Self.newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(&out, indent.map { $0 + 1 })
                Self.quote(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
                member.value.write(to: &out, indent: indent.map { $0 + 1 })
            }
            Self.newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and the spaces of nesting level `indent`; nothing on one line.
    private static func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(UInt8(ascii: "\n"))
        var remaining = 2 * indent
        while remaining > 0 {
            let count = min(remaining, spaces.count)
            out.append(contentsOf: spaces[..<count])
            remaining -= count
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 32)

    /// `text` as a JSON string: quotes, backslashes and control characters escaped (RFC 8259
    /// §7: the two-character forms where JSON has one, else `\u00XX`); everything else as is.
    static func quote(_ text: String) -> String {
        var out: [UInt8] = []
        quote(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` quoted as `quote(_:)` does, as UTF-8. A control character is one byte
    /// below 0x20 in UTF-8 (every byte of a longer sequence is 0x80 or above), so the escapes
    /// are found byte by byte: the text is copied whole, and from the first byte that needs an
    /// escape on, the copy is written again byte by byte.
    private static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let start = out.count
        out.append(contentsOf: text.utf8)
        if let first = out[start...].firstIndex(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            let rest = Array(out[first...])
            out.removeSubrange(first...)
            for byte in rest {
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
                case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
                case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
                case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
                case 0x08: out.append(contentsOf: "\\b".utf8)
                case 0x0C: out.append(contentsOf: "\\f".utf8)
                case ..<0x20:
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0x0F)])
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
