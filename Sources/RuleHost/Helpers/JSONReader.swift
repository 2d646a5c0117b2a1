/// A JSON value with object members in document order (RFC 8259). Numbers keep the text
/// they were written with, because data files only ever hand them on as strings.
enum JSONValue {
    case object([JSONMember])
    case array([JSONElement])
    case string(String)
    case number(String)
    case bool(Bool)
    case null
}

/// An object member and the line its name is on.
struct JSONMember {
    var key: String
    var value: JSONValue
    var line: Int
}

/// An array element and the line it starts on.
struct JSONElement {
    var value: JSONValue
    var line: Int
}

/// A small strict JSON parser (RFC 8259) that reports errors with a line number and keeps
/// object members in order (Foundation's `JSONSerialization` does neither).
struct JSONReader {
    /// The deepest nesting accepted; hostile input cannot overflow the stack.
    static let maximumDepth = 64

    let file: String
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    init(_ text: String, file: String) {
        self.bytes = Array(text.utf8)
        self.file = file
    }

    /// Parses the whole text as one JSON value.
    /// - Throws: `RuleError` `.invalidRule` with the line of the first error.
    mutating func parse() throws(RuleError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(RuleError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of JSON") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character; expected a JSON value")
        }
    }

    private mutating func parseObject(depth: Int) throws(RuleError) -> JSONValue {
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let memberLine = line
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after a member name") }
            members.append(JSONMember(key: key, value: try parseValue(depth: depth + 1), line: memberLine))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw error("expected ',' or '}' in an object") }
        return .object(members)
    }

    private mutating func parseArray(depth: Int) throws(RuleError) -> JSONValue {
        index += 1
        var elements: [JSONElement] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            skipWhitespace()
            let elementLine = line
            elements.append(JSONElement(value: try parseValue(depth: depth + 1), line: elementLine))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw error("expected ',' or ']' in an array") }
        return .array(elements)
    }

    private mutating func parseString() throws(RuleError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                scalars.append(try parseEscape())
            case 0..<0x20:
                throw error("control character in a string; escape it")
            default:
                run.append(byte)
            }
        }
        throw error("string is never closed; add the closing \"")
    }

    private mutating func parseEscape() throws(RuleError) -> Unicode.Scalar {
        guard index < bytes.count else { throw error("unexpected end of JSON in an escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else { throw error("unpaired surrogate in \\u escape") }
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate in \\u escape") }
            return scalar
        default:
            throw error("unknown escape in a string")
        }
    }

    private mutating func parseHex4() throws(RuleError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw error("\\u needs four hex digits") }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func parseNumber() throws(RuleError) -> String {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0, !(leadingZero && integerDigits > 1) else { throw error("malformed number") }
        if consume(UInt8(ascii: ".")) { guard digits() > 0 else { throw error("malformed number") } }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw error("malformed number") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(RuleError) -> JSONValue {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw error("unexpected word; expected a JSON value")
        }
        index += expected.count
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            index += 1
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private func error(_ message: String) -> RuleError {
        RuleError(.invalidRule, message, file: file, line: line)
    }
}
