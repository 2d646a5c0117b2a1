/// Parses PDF objects from tokens (ISO 32000-1 §7.3), with the two-token lookahead that
/// tells `1 0 R` (a reference) from two integers (pdf.js `Parser` buf1/buf2).
///
/// A value, with its lexer and cursor inside it: a parse allocates nothing of its own, which
/// matters for the many short parses (a trailer, a `startxref` value, one object).
struct ObjectParser {
    var lexer: Lexer
    // Up to two tokens read ahead, in fixed slots: a queue array here costs more than lexing.
    private var first: (token: Token, start: Int)?
    private var second: (token: Token, start: Int)?
    static let maxDepth = 64
    static let maxContainerCount = 1_000_000
    // The keywords the parser acts on, made once: a word is compared with them.
    private static let reference: Keyword = "R"
    private static let endObject: Keyword = "endobj"
    private static let stream: Keyword = "stream"
    private static let null: Keyword = "null"
    private static let `true`: Keyword = "true"
    private static let `false`: Keyword = "false"

    init(lexer: Lexer) { self.lexer = lexer }

    init(source: ByteSource, at offset: Int) {
        self.init(lexer: Lexer(source: source, at: offset))
    }

    /// The offset just past the last consumed token (lookahead tokens not counted).
    var position: Int {
        first?.start ?? lexer.cursor.position
    }

    /// Reads the next token, from the lookahead slots first.
    mutating func nextToken() throws(PDFError) -> Token {
        try takeToken().token
    }

    /// Reads the next token and where it starts, from the lookahead slots first. Containers
    /// read their items through this rather than peeking first: a token that goes through the
    /// slots is copied in and out, which costs more than lexing it.
    @inline(__always)
    private mutating func takeToken() throws(PDFError) -> (token: Token, start: Int) {
        guard let head = first else {
            let token = try lexer.nextToken()
            return (token, lexer.tokenStart)
        }
        first = second
        second = nil
        return head
    }

    /// Undoes `takeToken()`: `token` becomes the next token again (a container that ends at a
    /// token it does not own, such as `endobj`, leaves it to its caller).
    private mutating func putBack(_ token: Token, start: Int) {
        second = first
        first = (token, start)
    }

    /// The offset where the next token starts.
    mutating func nextTokenStart() throws(PDFError) -> Int {
        try peekToken(0)
        return first!.start
    }

    /// The token `index` (0 or 1) places ahead, without consuming it.
    @discardableResult
    mutating func peekToken(_ index: Int) throws(PDFError) -> Token {
        precondition(index == 0 || index == 1, "the parser looks at most two tokens ahead")
        if first == nil {
            let token = try lexer.nextToken()
            first = (token, lexer.tokenStart)
        }
        if index == 0 { return first!.token }
        if second == nil {
            let token = try lexer.nextToken()
            second = (token, lexer.tokenStart)
        }
        return second!.token
    }

    /// Whether the token after the one in the first lookahead slot is the keyword `R`. With the
    /// second slot empty the lexer stands just past the first slot's token, and an `R` there is
    /// skipped rather than made into a token (a reference's `R` is most of the keywords an object
    /// holds); anything else is read into the second slot, as `peekToken(1)` reads it.
    private mutating func secondTokenIsR() throws(PDFError) -> Bool {
        if second == nil, try lexer.skipKeyword("R") { return true }
        return try peekToken(1).isKeyword(Self.reference)
    }

    /// Drops the two lookahead tokens (after `n g R` was recognised).
    private mutating func consumeLookahead() {
        first = nil
        second = nil
    }

    /// The array or dictionary whose opening token `lexer` has just read, for a reader that
    /// takes tokens from `lexer` itself (a content stream's operands): parsed from that token,
    /// with the lexer left just past its end and no token read ahead.
    mutating func parseContainerJustLexed() throws(PDFError) -> PDFObject {
        consumeLookahead()
        lexer.cursor.position = lexer.tokenStart
        let object = try parseObject()
        lexer.cursor.position = position
        consumeLookahead()
        return object
    }

    /// Parses one object. `endobj`, `stream` and other keywords where an object is expected
    /// are errors, except `null`, `true`, `false`.
    mutating func parseObject(depth: Int = 0) throws(PDFError) -> PDFObject {
        guard depth < Self.maxDepth else {
            throw PDFError(.limitExceeded, "objects nested deeper than \(Self.maxDepth)", offset: position)
        }
        let (token, start) = try takeToken()
        return try parseObject(startingWith: token, at: start, depth: depth)
    }

    /// Parses an item of a container, whose first token the container has read.
    private mutating func parseItem(startingWith token: Token, at start: Int, depth: Int) throws(PDFError) -> PDFObject {
        guard depth < Self.maxDepth else {
            throw PDFError(.limitExceeded, "objects nested deeper than \(Self.maxDepth)", offset: start)
        }
        return try parseObject(startingWith: token, at: start, depth: depth)
    }

    /// Parses the object whose first token, `token`, starts at `start` and has been read.
    private mutating func parseObject(startingWith token: Token, at start: Int, depth: Int) throws(PDFError) -> PDFObject {
        switch token {
        case .integer(let value):
            if value >= 0, case .integer(let generation) = try peekToken(0), generation >= 0,
               try secondTokenIsR() {
                consumeLookahead()
                return .reference(ObjectRef(value, generation))
            }
            return .integer(value)
        case .real(let value): return .real(value)
        case .string(let bytes): return .string(bytes)
        case .name(let name): return .name(name)
        case .arrayOpen:
            return .array(try parseArrayBody(depth: depth, start: start))
        case .dictionaryOpen:
            return .dictionary(try parseDictionaryBody(depth: depth, start: start))
        case .keyword(let word):
            switch word {
            case Self.null: return .null
            case Self.true: return .bool(true)
            case Self.false: return .bool(false)
            default:
                // Inside a container an unknown word is damage to tolerate (qpdf reads on); at the top it is an error.
                guard depth > 0 else {
                    throw PDFError(.malformed, "unexpected '\(word.description.prefix(32))'", offset: start)
                }
                return .null
            }
        case .arrayClose, .dictionaryClose:
            throw PDFError(.malformed, "unexpected closing delimiter", offset: start)
        case .endOfInput:
            throw PDFError(.malformed, "unexpected end of file", offset: start)
        }
    }

    /// The items after `[` up to `]`; a missing `]` before `endobj` or `stream` closes the
    /// array there (qpdf, pdf.js).
    private mutating func parseArrayBody(depth: Int, start: Int) throws(PDFError) -> [PDFObject] {
        var items: [PDFObject] = []
        items.reserveCapacity(Self.initialCapacity)
        while true {
            let (token, tokenStart) = try takeToken()
            switch token {
            case .arrayClose:
                return items
            case .endOfInput:
                throw PDFError(.malformed, "unterminated array", offset: start)
            case .keyword(Self.endObject), .keyword(Self.stream):
                putBack(token, start: tokenStart)
                return items
            default:
                items.append(try parseItem(startingWith: token, at: tokenStart, depth: depth + 1))
                guard items.count < Self.maxContainerCount else {
                    throw PDFError(.limitExceeded, "array with too many items", offset: start)
                }
            }
        }
    }

    /// Room reserved in a new array: most hold fewer, and growing by doubling from empty
    /// costs several copies.
    static let initialCapacity = 8
    /// Room reserved in a new dictionary: page, font and annotation dictionaries often hold
    /// 9 to 16 entries, and a grow (allocate, move, free) costs more than the unused room.
    static let initialDictionaryCapacity = 16

    /// The entries after `<<` up to `>>`. A key without a value (`/A >>`) reads as null;
    /// a non-name where a key is expected is skipped, as pdf.js does; a repeated key keeps
    /// the last value, at its first position (as `PDFDictionary.init(_:)`).
    private mutating func parseDictionaryBody(depth: Int, start: Int) throws(PDFError) -> PDFDictionary {
        var entries: [PDFDictionary.Entry] = []
        entries.reserveCapacity(Self.initialDictionaryCapacity)
        var keyIndex = DictionaryKeyIndex()
        // Entries read, repeated keys included: what the cap counts.
        var parsed = 0
        while true {
            let (token, tokenStart) = try takeToken()
            switch token {
            case .dictionaryClose:
                return PDFDictionary(uniqueEntries: entries)
            case .endOfInput:
                throw PDFError(.malformed, "unterminated dictionary", offset: start)
            case .name(let key):
                let (valueToken, valueStart) = try takeToken()
                let value: PDFObject
                switch valueToken {
                case .dictionaryClose, .keyword(Self.endObject):
                    putBack(valueToken, start: valueStart)
                    value = .null
                default:
                    value = try parseItem(startingWith: valueToken, at: valueStart, depth: depth + 1)
                }
                keyIndex.set(consume value, for: key, in: &entries)
                parsed += 1
            case .keyword(Self.endObject), .keyword(Self.stream):
                // A missing `>>` before `endobj`/`stream`: close the dictionary there (qpdf, pdf.js).
                putBack(token, start: tokenStart)
                return PDFDictionary(uniqueEntries: entries)
            case .keyword:
                // Anything else where a key belongs is skipped.
                break
            default:
                _ = try parseItem(startingWith: token, at: tokenStart, depth: depth + 1)
            }
            guard parsed < Self.maxContainerCount else {
                throw PDFError(.limitExceeded, "dictionary with too many entries", offset: start)
            }
        }
    }
}
