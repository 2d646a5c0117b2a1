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
        write(to: &out, indent: indent ?? Self.oneLine)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// The `indent` of a document written on one line.
    private static let oneLine = -1

    /// Appends the value's UTF-8 bytes; `indent` is its nesting level, or ``oneLine``.
    ///
    /// Everything is appended from contiguous bytes (literals, the strings' own UTF-8 storage,
    /// a number's digits): a report of thousands of files is millions of bytes.
    private func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .null: Self.append("null", to: &out)
        case .bool(let flag): Self.append(flag ? "true" : "false", to: &out)
        case .int(let number): out.append(contentsOf: String(number).utf8)
        case .string(let text): Self.quote(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                Self.append("[]", to: &out)
                return
            }
            let inner = indent == Self.oneLine ? indent : indent + 1
            out.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                Self.newline(&out, inner)
                item.write(to: &out, indent: inner)
            }
            Self.newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                Self.append("{}", to: &out)
                return
            }
            let inner = indent == Self.oneLine ? indent : indent + 1
            out.append(UInt8(ascii: "{"))
            var first = true
            for member in members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                Self.newline(&out, inner)
                Self.quote(member.key, into: &out)
                if indent == Self.oneLine {
                    out.append(UInt8(ascii: ":"))
                } else {
                    Self.append(": ", to: &out)
                }
                member.value.write(to: &out, indent: inner)
            }
            Self.newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends the bytes of `literal`, one by one: a literal here is a few bytes, fewer than
    /// a bulk copy costs to set up.
    private static func append(_ literal: StaticString, to out: inout [UInt8]) {
        literal.withUTF8Buffer { bytes in
            for byte in bytes { out.append(byte) }
        }
    }

    /// A line break and the spaces of nesting level `indent`; nothing on one line.
    private static func newline(_ out: inout [UInt8], _ indent: Int) {
        guard indent != oneLine else { return }
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<(2 * indent) { out.append(UInt8(ascii: " ")) }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped (RFC 8259
    /// §7: the two-character forms where JSON has one, else `\u00XX`); everything else as is.
    static func quote(_ text: String) -> String {
        var out: [UInt8] = []
        quote(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` quoted as `quote(_:)` does, as UTF-8. A control character is one byte
    /// below 0x20 in UTF-8 (every byte of a longer sequence is 0x80 or above), so the escapes
    /// are found byte by byte: the runs between them are copied whole.
    private static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: bytes.extracting(runStart..<index))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"", to: &out)
                case UInt8(ascii: "\\"): append("\\\\", to: &out)
                case UInt8(ascii: "\n"): append("\\n", to: &out)
                case UInt8(ascii: "\r"): append("\\r", to: &out)
                case UInt8(ascii: "\t"): append("\\t", to: &out)
                case 0x08: append("\\b", to: &out)
                case 0x0C: append("\\f", to: &out)
                default:
                    append("\\u00", to: &out)
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            out.append(contentsOf: bytes.extracting(runStart..<bytes.count))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
