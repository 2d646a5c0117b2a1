/// A JSON document as the reports build it, and its serialization: pretty-printed with two
/// spaces, object members in the order given, UTF-8 text as is, control characters escaped
/// (RFC 8259 §7).
///
/// The reports build these trees instead of going through `JSONEncoder`, which took a fifth of
/// `plan`'s time on a 2,000-file library.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([Member])
    /// A value already serialized by ``fragment(atDepth:)`` for the depth it is written at,
    /// copied as is: lets a large report render its entries on many threads. Pretty documents
    /// only.
    case fragment([UInt8])

    /// One member of an object.
    struct Member: Sendable, Hashable {
        var key: String
        var value: JSONValue
    }

    /// An object from `(key, value)` pairs, in that order.
    static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { Member(key: $0.key, value: $0.value) })
    }

    /// A string, or null.
    static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// A number, or null.
    static func int(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }

    /// An array of strings.
    static func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }

    /// The document as text, with a final line break.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The document as UTF-8 text, with a final line break: what `text` holds, without the
    /// conversion to `String` (reports go straight to standard output).
    var bytes: [UInt8] { serialized(indent: 0) }

    /// The document on one line without spaces, with a final line break: a JSON Lines record
    /// (`tagrules watch --format json`).
    var line: String { String(decoding: serialized(indent: nil), as: UTF8.self) }

    /// The value pretty-printed as it appears nested `depth` levels deep in a document (no
    /// line break before or after), for ``fragment(_:)``.
    func fragment(atDepth depth: Int) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, indent: depth)
        return out
    }

    private func serialized(indent: Int?) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out, indent: indent)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// Writes the value; `indent` nil writes it compact, on one line.
    private func write(to out: inout [UInt8], indent: Int?) {
        switch self {
        case .null: Self.appendLiteral("null", to: &out)
        case .bool(let flag): Self.appendLiteral(flag ? "true" : "false", to: &out)
        case .int(let number): Self.appendNumber(number, to: &out)
        case .string(let text): Self.quote(text, into: &out)
        case .fragment(let bytes):
            precondition(indent != nil, "a pretty-printed fragment in a compact document")
            out.append(contentsOf: bytes)
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

    /// A line break and two spaces per level, or nothing when compact (`indent` nil).
    private static func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(UInt8(ascii: "\n"))
        var spaces = 2 * indent
        while spaces > 0 {
            let run = min(spaces, blanks.utf8CodeUnitCount)
            blanks.withUTF8Buffer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<run])) }
            spaces -= run
        }
    }

    /// Indentation, appended in runs rather than a space at a time.
    private static let blanks: StaticString = "                                "

    /// Appends literal punctuation or a keyword (a hot path: every value of every file).
    private static func appendLiteral(_ literal: StaticString, to out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends the decimal digits of `number`, without making a `String` of them.
    private static func appendNumber(_ number: Int, to out: inout [UInt8]) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for the 20 digits of UInt64.max
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t` … or
    /// `\u00XX`; everything else as is (UTF-8 bytes of 0x80 and above never need escaping).
    private static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &out) }
        if done == nil {
            var copy = text
            copy.withUTF8 { appendEscaped($0, to: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes of a string's content, escaped; runs that need no escaping (almost every
    /// string is one run) are copied in one go.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                escape(byte, into: &out)
                runStart = index + 1
            }
            index += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// The escape sequence of one byte that JSON strings may not hold as is.
    private static func escape(_ byte: UInt8, into out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): appendLiteral("\\\"", to: &out)
        case UInt8(ascii: "\\"): appendLiteral("\\\\", to: &out)
        case UInt8(ascii: "\n"): appendLiteral("\\n", to: &out)
        case UInt8(ascii: "\r"): appendLiteral("\\r", to: &out)
        case UInt8(ascii: "\t"): appendLiteral("\\t", to: &out)
        case 0x08: appendLiteral("\\b", to: &out)
        case 0x0C: appendLiteral("\\f", to: &out)
        default:
            let hex: StaticString = "0123456789abcdef"
            appendLiteral("\\u00", to: &out)
            out.append(hex.utf8Start[Int(byte >> 4)])
            out.append(hex.utf8Start[Int(byte & 0x0F)])
        }
    }
}
