/// The one XML 1.0 reader of tagrules: it turns UTF-8 bytes into a flat sequence of events,
/// each with its byte range and line, for every XML format tagrules reads — 4SS setlists
/// (``SetlistParser`` reads the events), and XMP packets, MusicXML and MuseScore files
/// (``XMLTree`` builds a tree from them).
///
/// It checks the well-formedness of each tag: names, quoted attribute values, white space
/// between attributes, duplicate attributes, and references (the five predefined entities and
/// `&#N;`/`&#xH;` naming an XML character). Nesting is checked by the consumer, which knows
/// what to tolerate. Comments and processing instructions are skipped; a CDATA section is text.
///
/// A document type declaration is reported as an event, read past but never interpreted: no
/// entity is ever defined or expanded, so no input can make the reader expand text. The
/// consumer refuses it (4SS, XMP) or skips it (MusicXML declares its DTD).
///
/// Two dialects: ``Dialect/strict`` refuses an `&` that starts no valid reference and an
/// XML declaration anywhere but at the start; ``Dialect/tolerant`` keeps such an `&` as text
/// and skips a misplaced declaration like any processing instruction, as XMP and notation
/// readers must for files written by many tools.
package struct XMLTokenizer {
    /// How forgiving the reader is (see ``XMLTokenizer``).
    package enum Dialect: Sendable {
        case strict, tolerant
    }

    /// A start tag, or the XML declaration.
    package struct Tag: Sendable, Hashable {
        /// The name as written (`prefix:local` or `local`).
        package var name: String
        package var attributes: [XMLAttribute]
        /// `<name … />`.
        package var selfClosing: Bool
        /// `<` through `>`.
        package var range: Range<Int>
        /// The line of its `<`.
        package var line: Int
    }

    /// What the reader found.
    package enum Event: Sendable, Hashable {
        /// `<?xml version="1.0" encoding="UTF-8" ?>` opening the document.
        case declaration(Tag)
        /// `<!DOCTYPE …>`, internal subset included, unread.
        case documentType(range: Range<Int>, line: Int)
        /// `<name a="v">` or `<name a="v" />`.
        case start(Tag)
        /// `</name>`.
        case end(name: String, range: Range<Int>, line: Int)
        /// Character data (`range`, to be decoded with ``text(_:)``) or a CDATA section
        /// (`range` is its content, taken as it is). `line` is that of its first non-blank byte.
        case text(range: Range<Int>, isCDATA: Bool, line: Int)
    }

    /// The document, in UTF-8.
    package let bytes: [UInt8]
    package let dialect: Dialect
    /// The offset of the next byte to read.
    package private(set) var position = 0
    /// Lines are counted as far as `countedTo`: the reader asks only for later offsets, so
    /// counting costs one pass in all.
    private var countedTo = 0
    private var countedLine = 1

    /// A reader of `bytes`, after a UTF-8 byte order mark if there is one.
    package init(_ bytes: [UInt8], dialect: Dialect) {
        self.bytes = bytes
        self.dialect = dialect
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        countedTo = position
    }

    /// The next event; nil at the end of the document.
    package mutating func next() throws(InterchangeError) -> Event? {
        while position < bytes.count {
            if let event = try nextEvent() { return event }
        }
        return nil
    }

    /// The decoded text of a `.text` event that is not CDATA: references resolved, line ends
    /// normalised to LF (XML 1.0 §2.11).
    package func text(_ range: Range<Int>) throws(InterchangeError) -> String {
        try Self.decode(bytes[range], inAttribute: false, dialect: dialect, at: range.lowerBound) { offset in
            lineWithoutCounting(at: offset)
        }
    }

    /// An error at `offset`, naming its line.
    package mutating func error(_ message: String, at offset: Int? = nil) -> InterchangeError {
        let offset = offset ?? position
        return InterchangeError(.malformedXML, message, line: line(at: offset), offset: offset)
    }

    /// The 1-based line of `offset` (LF, CR LF and a lone CR each end a line).
    package mutating func line(at offset: Int) -> Int {
        let offset = min(offset, bytes.count)
        guard offset >= countedTo else { return lineWithoutCounting(at: offset) }
        countedLine += lineEnds(in: countedTo..<offset)
        countedTo = offset
        return countedLine
    }

    private func lineWithoutCounting(at offset: Int) -> Int {
        1 + lineEnds(in: 0..<min(offset, bytes.count))
    }

    /// The line ends in `range`: each LF, and each CR that no LF follows.
    private func lineEnds(in range: Range<Int>) -> Int {
        var count = 0
        for index in range {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                count += 1
            }
        }
        return count
    }

    // MARK: - Markup

    private mutating func nextEvent() throws(InterchangeError) -> Event? {
        let start = position
        guard bytes[position] == UInt8(ascii: "<") else {
            position = firstIndex(of: UInt8(ascii: "<"), from: position)
            let firstNonBlank = bytes[start..<position].firstIndex { !Self.isWhitespace($0) } ?? start
            return .text(range: start..<position, isCDATA: false, line: line(at: firstNonBlank))
        }
        if lookingAt("<?") { return try instruction() }
        if lookingAt("<!--") {
            position = try end(of: "-->", from: start + 4, what: "comment")
            return nil
        }
        if lookingAt("<![CDATA[") {
            let close = try end(of: "]]>", from: start + 9, what: "CDATA section")
            position = close
            return .text(range: start + 9..<close - 3, isCDATA: true, line: line(at: start))
        }
        if lookingAt("<!DOCTYPE") { return try documentType() }
        if lookingAt("<!") { throw error("markup declarations ('<!') may appear only in a DTD") }
        if lookingAt("</") {
            position += 2
            let name = try self.name(what: "end tag")
            skipWhitespace()
            guard peek() == UInt8(ascii: ">") else { throw error("end tag '\(name)' does not close with '>'") }
            position += 1
            return .end(name: name, range: start..<position, line: line(at: start))
        }
        position += 1
        let name = try self.name(what: "start tag")
        let attributes = try self.attributes(of: name)
        let selfClosing = peek() == UInt8(ascii: "/")
        if selfClosing { position += 1 }
        guard peek() == UInt8(ascii: ">") else {
            throw error("tag '\(name)' does not close with '>' or '/>'")
        }
        position += 1
        return .start(Tag(name: name, attributes: attributes, selfClosing: selfClosing, range: start..<position, line: line(at: start)))
    }

    /// `<?target …?>`: the XML declaration as an event when it opens the document; any other
    /// instruction is skipped (a misplaced declaration too, in the tolerant dialect).
    private mutating func instruction() throws(InterchangeError) -> Event? {
        let start = position
        let atStart = start == 0 || (start == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        position += 2
        let target = try name(what: "processing instruction")
        let isDeclaration = target.lowercased() == "xml"
        guard isDeclaration, atStart || dialect == .strict else {
            position = try end(of: "?>", from: position, what: "processing instruction")
            return nil
        }
        guard atStart, target == "xml" else {
            throw error("the XML declaration '<?\(target)' must open the document, in lowercase", at: start)
        }
        let attributes = try self.attributes(of: "<?xml")
        guard lookingAt("?>") else { throw error("the XML declaration does not close with '?>'") }
        position += 2
        return .declaration(Tag(name: target, attributes: attributes, selfClosing: true, range: start..<position, line: line(at: start)))
    }

    /// `<!DOCTYPE name … [internal subset]>`, read past without interpreting it: quoted
    /// literals and the bracketed subset (with its own quotes and comments) may hold `>`.
    private mutating func documentType() throws(InterchangeError) -> Event {
        let start = position
        position += 9
        var inSubset = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let close = bytes[(position + 1)...].firstIndex(of: byte) else { break }
                position = close + 1
            } else if inSubset, lookingAt("<!--") {
                position = try end(of: "-->", from: position + 4, what: "comment")
            } else {
                position += 1
                switch byte {
                case UInt8(ascii: "["): inSubset = true
                case UInt8(ascii: "]"): inSubset = false
                case UInt8(ascii: ">") where !inSubset:
                    return .documentType(range: start..<position, line: line(at: start))
                default: break
                }
            }
        }
        throw error("the document type declaration starting here never ends", at: start)
    }

    /// Attributes up to (not including) `/`, `>` or, for the declaration, `?`.
    private mutating func attributes(of element: String) throws(InterchangeError) -> [XMLAttribute] {
        var attributes: [XMLAttribute] = []
        while true {
            let hadSpace = peek().map(Self.isWhitespace) ?? false
            skipWhitespace()
            guard let byte = peek() else { throw error("tag '\(element)' never ends") }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "?") {
                return attributes
            }
            guard hadSpace else { throw error("attributes of '\(element)' must be separated by white space") }
            let start = position
            let name = try self.name(what: "attribute of '\(element)'")
            skipWhitespace()
            guard peek() == UInt8(ascii: "=") else { throw error("attribute '\(name)' of '\(element)' has no '='") }
            position += 1
            skipWhitespace()
            guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error("the value of attribute '\(name)' is not in quotes")
            }
            let valueStart = position + 1
            let valueEnd = firstIndex(of: quote, from: valueStart)
            guard valueEnd < bytes.count else { throw error("the value of attribute '\(name)' never ends", at: valueStart) }
            if let less = bytes[valueStart..<valueEnd].firstIndex(of: UInt8(ascii: "<")) {
                throw error("attribute '\(name)' contains '<'; write '&lt;'", at: less)
            }
            position = valueEnd + 1
            guard !attributes.contains(where: { $0.name == name }) else {
                throw error("attribute '\(name)' appears twice in '\(element)'", at: start)
            }
            let value = try Self.decode(bytes[valueStart..<valueEnd], inAttribute: true, dialect: dialect, at: valueStart) {
                lineWithoutCounting(at: $0)
            }
            attributes.append(
                XMLAttribute(name: name, value: value, range: start..<position, valueRange: valueStart..<valueEnd, quote: quote))
        }
    }

    /// A name: the bytes up to white space or one of `/ > = < " ' ?` (XML's name rules are
    /// wider than any tag tagrules reads; this is what tells one token from the next).
    private mutating func name(what: String) throws(InterchangeError) -> String {
        let start = position
        while let byte = peek(), !Self.endsName(byte) { position += 1 }
        guard position > start else { throw error("a \(what) has no name") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09, 0x0A, 0x0D, 0x20, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "<"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "?"), UInt8(ascii: "&"):
            true
        default: false
        }
    }

    // MARK: - Bytes

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private func lookingAt(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { expected in
            for offset in 0..<count where bytes[position + offset] != expected[offset] { return false }
            return true
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), Self.isWhitespace(byte) { position += 1 }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The first offset at or after `start` holding `byte`; the end of the bytes when none does.
    private func firstIndex(of byte: UInt8, from start: Int) -> Int {
        bytes[start...].firstIndex(of: byte) ?? bytes.count
    }

    /// The offset just past the first `terminator` at or after `start`.
    private mutating func end(of terminator: StaticString, from start: Int, what: String) throws(InterchangeError) -> Int {
        let count = terminator.utf8CodeUnitCount
        let found = terminator.withUTF8Buffer { pattern -> Int? in
            var index = start
            while index + count <= bytes.count {
                if bytes[index] == pattern[0], bytes[index..<index + count].elementsEqual(pattern) { return index }
                index += 1
            }
            return nil
        }
        guard let found else {
            throw error("the \(what) starting here never ends ('\(terminator)' is missing)", at: position)
        }
        return found + count
    }
}
