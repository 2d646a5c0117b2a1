/// A small, strict XML 1.0 tokenizer: enough to read 4SS setlists without Foundation.
///
/// It turns text into a flat list of events with line numbers and checks well-formedness
/// of each tag: names, quoted attribute values, duplicate attributes, references (the five
/// predefined entities and `&#N;`/`&#xH;` naming an XML character). Nesting is checked by
/// the caller, which knows what each element means.
///
/// Comments and processing instructions are skipped; CDATA sections become text; the XML
/// declaration is reported as an event when it opens the document. Document type
/// declarations are refused: no 4SS needs one, and refusing them rules out entity expansion.
struct XMLReader {
    /// One attribute with its value already unescaped and normalized (XML 1.0 §3.3.3: tab,
    /// CR, LF and CRLF become a space; character references keep what they name).
    struct Attribute: Hashable {
        var name: String
        var value: String
    }

    /// What the tokenizer found.
    enum Event: Hashable {
        /// `<?xml version="1.0" encoding="UTF-8" ?>` at the start of the document.
        case declaration(attributes: [Attribute], line: Int)
        /// `<name a="v">` or, with `selfClosing`, `<name a="v" />`.
        case start(name: String, attributes: [Attribute], selfClosing: Bool, line: Int)
        /// `</name>`.
        case end(name: String, line: Int)
        /// Character data between tags, unescaped.
        case text(String, line: Int)
    }

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    private init(_ text: String) {
        bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// All events of `text`, in order.
    static func events(in text: String) throws(InterchangeError) -> [Event] {
        var reader = XMLReader(text)
        var events: [Event] = []
        while reader.position < reader.bytes.count {
            if let event = try reader.nextEvent() { events.append(event) }
        }
        return events
    }

    private func error(_ message: String, line: Int? = nil) -> InterchangeError {
        InterchangeError(.malformedXML, message, line: line ?? self.line)
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private func lookingAt(_ literal: String) -> Bool {
        var index = position
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Moves one byte ahead, counting LF and lone CR as line ends.
    private mutating func advance() {
        let byte = bytes[position]
        position += 1
        if byte == 0x0A || (byte == 0x0D && peek() != 0x0A) { line += 1 }
    }

    private mutating func advance(over literal: String) {
        for _ in literal.utf8 { advance() }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), Self.isWhitespace(byte) { advance() }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Name characters: ASCII letters, digits, `_ - . :` and anything non-ASCII.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: ":"), 0x80...0xFF:
            true
        default: false
        }
    }

    private mutating func nextEvent() throws(InterchangeError) -> Event? {
        let startLine = line
        guard peek() == UInt8(ascii: "<") else { return try characterData() }
        if lookingAt("<?") { return try instruction() }
        if lookingAt("<!--") {
            try skip(past: "-->", what: "comment")
            return nil
        }
        if lookingAt("<![CDATA[") {
            advance(over: "<![CDATA[")
            let start = position
            try skip(past: "]]>", what: "CDATA section")
            return .text(String(decoding: bytes[start..<(position - 3)], as: UTF8.self), line: startLine)
        }
        if lookingAt("<!") { throw error("document type declarations are not supported in a 4SS file") }
        if lookingAt("</") {
            advance(over: "</")
            let name = try self.name(what: "end tag")
            skipWhitespace()
            guard peek() == UInt8(ascii: ">") else { throw error("end tag '\(name)' does not close with '>'") }
            advance()
            return .end(name: name, line: startLine)
        }
        advance()
        let name = try self.name(what: "start tag")
        let attributes = try self.attributes(of: name)
        let selfClosing = peek() == UInt8(ascii: "/")
        if selfClosing { advance() }
        guard peek() == UInt8(ascii: ">") else { throw error("tag '\(name)' does not close with '>' or '/>'") }
        advance()
        return .start(name: name, attributes: attributes, selfClosing: selfClosing, line: startLine)
    }

    /// `<?target …?>`: the XML declaration as an event when it opens the document; any
    /// other instruction is skipped.
    private mutating func instruction() throws(InterchangeError) -> Event? {
        let startLine = line
        let atStart = position == 0 || (position == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        advance(over: "<?")
        let target = try name(what: "processing instruction")
        guard target.lowercased() == "xml" else {
            try skip(past: "?>", what: "processing instruction")
            return nil
        }
        guard atStart, target == "xml" else {
            throw error("the XML declaration '<?\(target)' must open the document, in lowercase")
        }
        let attributes = try self.attributes(of: "<?xml")
        guard lookingAt("?>") else { throw error("the XML declaration does not close with '?>'") }
        advance(over: "?>")
        return .declaration(attributes: attributes, line: startLine)
    }

    private mutating func skip(past terminator: String, what: String) throws(InterchangeError) {
        let startLine = line
        while position < bytes.count {
            if lookingAt(terminator) {
                advance(over: terminator)
                return
            }
            advance()
        }
        throw error("the \(what) starting here never ends ('\(terminator)' is missing)", line: startLine)
    }

    private mutating func name(what: String) throws(InterchangeError) -> String {
        let start = position
        while let byte = peek(), Self.isNameByte(byte) { advance() }
        guard position > start else { throw error("a \(what) has no name") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Attributes up to (not including) `/`, `>` or, for the declaration, `?`.
    private mutating func attributes(of element: String) throws(InterchangeError) -> [Attribute] {
        var attributes: [Attribute] = []
        var names: Set<String> = []
        while true {
            let hadSpace = peek().map(Self.isWhitespace) ?? false
            skipWhitespace()
            guard let byte = peek() else { throw error("tag '\(element)' never ends") }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "?") {
                return attributes
            }
            guard hadSpace else { throw error("attributes of '\(element)' must be separated by spaces") }
            let name = try self.name(what: "attribute of '\(element)'")
            skipWhitespace()
            guard peek() == UInt8(ascii: "=") else { throw error("attribute '\(name)' of '\(element)' has no '='") }
            advance()
            skipWhitespace()
            let value = try quotedValue(of: name)
            guard names.insert(name).inserted else {
                throw error("attribute '\(name)' appears twice in '\(element)'")
            }
            attributes.append(Attribute(name: name, value: value))
        }
    }

    private mutating func quotedValue(of name: String) throws(InterchangeError) -> String {
        guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("the value of attribute '\(name)' is not in quotes")
        }
        advance()
        var value: [UInt8] = []
        while let byte = peek(), byte != quote {
            switch byte {
            case UInt8(ascii: "<"): throw error("attribute '\(name)' contains '<'; write '&lt;'")
            case UInt8(ascii: "&"): value.append(contentsOf: try reference())
            case 0x0D:
                advance()
                if peek() == 0x0A { advance() }
                value.append(0x20)
            case 0x09, 0x0A:
                advance()
                value.append(0x20)
            default:
                advance()
                value.append(byte)
            }
        }
        guard peek() == quote else { throw error("the value of attribute '\(name)' never ends") }
        advance()
        return String(decoding: value, as: UTF8.self)
    }

    /// Text up to the next `<`, reported on the line of its first non-blank character.
    private mutating func characterData() throws(InterchangeError) -> Event {
        var text: [UInt8] = []
        var textLine: Int?
        while let byte = peek(), byte != UInt8(ascii: "<") {
            if textLine == nil, !Self.isWhitespace(byte) { textLine = line }
            if byte == UInt8(ascii: "&") {
                text.append(contentsOf: try reference())
            } else {
                advance()
                text.append(byte)
            }
        }
        return .text(String(decoding: text, as: UTF8.self), line: textLine ?? line)
    }

    /// `&amp;` … `&apos;`, `&#N;` or `&#xH;` at the current position, as UTF-8.
    private mutating func reference() throws(InterchangeError) -> [UInt8] {
        let start = position
        let startLine = line
        advance()
        // Names and numbers only, and short: `&#x10FFFF;` is the longest valid reference.
        while let byte = peek(), Self.isNameByte(byte) || byte == UInt8(ascii: "#"), position - start < 12 {
            advance()
        }
        guard peek() == UInt8(ascii: ";") else {
            throw error("a '&' does not start a reference; write '&amp;'", line: startLine)
        }
        let body = String(decoding: bytes[(start + 1)..<position], as: UTF8.self)
        advance()
        switch body {
        case "amp": return Array("&".utf8)
        case "lt": return Array("<".utf8)
        case "gt": return Array(">".utf8)
        case "quot": return Array("\"".utf8)
        case "apos": return Array("'".utf8)
        default: break
        }
        var digits = Substring(body)
        guard digits.first == "#" else { throw error("unknown entity '&\(body);'", line: startLine) }
        digits = digits.dropFirst()
        let radix = digits.first == "x" ? 16 : 10
        if radix == 16 { digits = digits.dropFirst() }
        let isDigit: (Character) -> Bool = radix == 16 ? { $0.isASCII && $0.isHexDigit } : { ("0"..."9").contains($0) }
        guard !digits.isEmpty, digits.allSatisfy(isDigit), let value = UInt32(digits, radix: radix),
            let scalar = Unicode.Scalar(value), XMLEscaping.isXMLChar(scalar)
        else { throw error("'&\(body);' is not a character XML allows", line: startLine) }
        return Array(String(scalar).utf8)
    }
}
