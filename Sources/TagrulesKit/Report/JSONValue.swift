/// A JSON document as the reports build it, and its serialization: pretty-printed with two
/// spaces, object members in the order given, UTF-8 text as is, control characters escaped
/// (RFC 8259 §7).
///
/// The reports build these trees instead of going through `JSONEncoder`, which took a fifth of
/// `plan`'s time on a 2,000-file library; the change reports of `plan` and `apply` skip the tree
/// altogether (``JSONStream``).
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

    /// The document as text, with a final line break.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The document as UTF-8 text, with a final line break: what `text` holds, without the
    /// conversion to `String` (reports go straight to standard output).
    package var bytes: [UInt8] { serialized(indent: 0) }

    /// The document on one line without spaces, with a final line break: a JSON Lines record
    /// (`tagrules watch --format json`).
    var line: String { String(decoding: serialized(indent: nil), as: UTF8.self) }

    private func serialized(indent: Int?) -> [UInt8] {
        var out = ByteSink(capacity: 4096)
        write(to: &out, indent: indent)
        out.append(UInt8(ascii: "\n"))
        return out.bytes
    }

    /// Writes the value; `indent` nil writes it compact, on one line.
    private func write(to out: inout ByteSink, indent: Int?) {
        switch self {
        case .null: Self.appendLiteral("null", to: &out)
        case .bool(let flag): Self.appendLiteral(flag ? "true" : "false", to: &out)
        case .int(let number): Self.appendNumber(number, to: &out)
        case .string(let text): Self.quote(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                Self.appendLiteral("[]", to: &out)
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
                Self.appendLiteral("{}", to: &out)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(&out, indent.map { $0 + 1 })
                Self.quote(member.key, into: &out)
                Self.appendLiteral(indent == nil ? ":" : ": ", to: &out)
                member.value.write(to: &out, indent: indent.map { $0 + 1 })
            }
            Self.newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }
}
