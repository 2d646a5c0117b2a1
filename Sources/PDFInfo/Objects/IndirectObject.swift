/// The value of an indirect object: a direct object or a stream.
public enum IndirectValue: Sendable, Hashable {
    case object(PDFObject)
    case stream(PDFStream)

    /// The dictionary of a dictionary object or of a stream.
    public var dictionary: PDFDictionary? {
        switch self {
        case .object(let object): return object.dictionaryValue
        case .stream(let stream): return stream.dictionary
        }
    }

    /// The direct object, or nil for a stream.
    public var object: PDFObject? {
        if case .object(let object) = self { return object }
        return nil
    }
}

/// Reads `N G obj … endobj` at a file offset (ISO 32000-1 §7.3.10), including stream extents (§7.3.8).
enum IndirectObjectParser {
    // The keywords around an object, made once rather than from a literal on every read.
    private static let object: Keyword = "obj"
    private static let endObject: Keyword = "endobj"
    private static let stream: Keyword = "stream"

    /// Parses the indirect object at `offset`.
    /// - Parameters:
    ///   - resolveLength: resolves an indirect `/Length`; returns nil when it cannot.
    /// - Returns: the object's identity as written at the offset, and its value.
    static func parse(
        source: ByteSource,
        at offset: Int,
        resolveLength: (ObjectRef) throws(PDFError) -> Int?
    ) throws(PDFError) -> (ref: ObjectRef, value: IndirectValue) {
        var parser = ObjectParser(source: source, at: offset)
        guard case .integer(let number) = try parser.nextToken(),
              case .integer(let generation) = try parser.nextToken(),
              try parser.nextToken().isKeyword(Self.object) else {
            throw PDFError(.malformed, "expected 'N G obj'", offset: offset)
        }
        let ref = ObjectRef(number, generation)
        // `5 0 obj endobj` is an empty object: null (§7.3.10).
        if try parser.peekToken(0).isKeyword(Self.endObject) { return (ref, .object(.null)) }
        let object = try parser.parseObject()
        guard case .dictionary(let dictionary) = object, try parser.peekToken(0).isKeyword(Self.stream) else {
            return (ref, .object(object))
        }
        _ = try parser.nextToken()
        // Spaces between `stream` and its end of line (a common producer error, which qpdf and
        // poppler read past) are not data.
        var afterSpaces = parser.lexer.cursor
        while let byte = try afterSpaces.peek(), byte == 0x20 || byte == 0x09 { afterSpaces.position += 1 }
        if let byte = try afterSpaces.peek(), byte == 0x0D || byte == 0x0A { parser.lexer.cursor = afterSpaces }
        if try parser.lexer.cursor.peek() == 0x0D { parser.lexer.cursor.position += 1 }
        if try parser.lexer.cursor.peek() == 0x0A { parser.lexer.cursor.position += 1 }
        let dataOffset = parser.lexer.cursor.position
        let declared: Int?
        switch dictionary["Length"] {
        case .integer(let length)?: declared = length
        case .reference(let lengthRef)?: declared = try resolveLength(lengthRef)
        default: declared = nil
        }
        let length = try streamLength(source: source, dataOffset: dataOffset, declared: declared)
        return (ref, .stream(PDFStream(ref: ref, dictionary: dictionary, dataOffset: dataOffset, dataLength: length)))
    }

    static let maxEndstreamScan = 256 * 1024 * 1024
    private static let endstreamKeyword = Array("endstream".utf8)

    /// The declared length when `endstream` follows it; otherwise the distance to the next
    /// `endstream` keyword, less the EOL before it (pdf-notes §2.9).
    private static func streamLength(source: ByteSource, dataOffset: Int, declared: Int?) throws(PDFError) -> Int {
        if let declared, declared >= 0, declared <= source.count - dataOffset {
            let probe = try source.read((dataOffset + declared)..<(dataOffset + declared + 32))
            let trimmed = probe.drop(while: CharacterClass.isWhitespace)
            if trimmed.starts(with: endstreamKeyword) { return declared }
        }
        guard let end = try ByteSearch.firstOccurrence(
            of: endstreamKeyword, in: source, from: dataOffset, limit: maxEndstreamScan
        ) else {
            throw PDFError(.malformed, "stream has no 'endstream'", offset: dataOffset)
        }
        var length = end - dataOffset
        let tail = try source.read(max(dataOffset, end - 2)..<end)
        if tail.last == 0x0A { length -= 1; if tail.count == 2, tail.first == 0x0D { length -= 1 } }
        else if tail.last == 0x0D { length -= 1 }
        return max(length, 0)
    }
}
