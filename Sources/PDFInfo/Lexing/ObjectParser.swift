/// Parses PDF objects from tokens (ISO 32000-1 §7.3), with the two-token lookahead that
/// tells `1 0 R` (a reference) from two integers (pdf.js `Parser` buf1/buf2).
final class ObjectParser {
    let lexer: Lexer
    // Up to two tokens read ahead, in fixed slots: a queue array here costs more than lexing.
    @exclusivity(unchecked) private var first: (token: Token, start: Int)?
    @exclusivity(unchecked) private var second: (token: Token, start: Int)?
    static let maxDepth = 64
    static let maxContainerCount = 1_000_000

    init(lexer: Lexer) { self.lexer = lexer }

    convenience init(source: ByteSource, at offset: Int) {
        self.init(lexer: Lexer(source: source, at: offset))
    }

    /// The offset just past the last consumed token (lookahead tokens not counted).
    var position: Int {
        first?.start ?? lexer.cursor.position
    }

    /// Reads the next token, from the lookahead slots first.
    func nextToken() throws(PDFError) -> Token {
        guard let head = first else { return try lexer.nextToken() }
        first = second
        second = nil
        return head.token
    }

    /// The offset where the next token starts.
    func nextTokenStart() throws(PDFError) -> Int {
        try peekToken(0)
        return first!.start
    }

    /// The token `index` (0 or 1) places ahead, without consuming it.
    @discardableResult
    func peekToken(_ index: Int) throws(PDFError) -> Token {
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

    /// Drops the two lookahead tokens (after `n g R` was recognised).
    private func consumeLookahead() {
        first = nil
        second = nil
    }

    /// Parses one object. `endobj`, `stream` and other keywords where an object is expected
    /// are errors, except `null`, `true`, `false`.
    func parseObject(depth: Int = 0) throws(PDFError) -> PDFObject {
        guard depth < Self.maxDepth else {
            throw PDFError(.limitExceeded, "objects nested deeper than \(Self.maxDepth)", offset: position)
        }
        let start = try nextTokenStart()
        let token = try nextToken()
        switch token {
        case .integer(let value):
            if value >= 0, case .integer(let generation) = try peekToken(0), generation >= 0,
               try peekToken(1).isKeyword("R") {
                consumeLookahead()
                return .reference(ObjectRef(value, generation))
            }
            return .integer(value)
        case .real(let value): return .real(value)
        case .string(let bytes): return .string(bytes)
        case .name(let name): return .name(name)
        case .arrayOpen:
            var items: [PDFObject] = []
            while true {
                let next = try peekToken(0)
                if next == .arrayClose { _ = try nextToken(); break }
                if next == .endOfInput { throw PDFError(.malformed, "unterminated array", offset: start) }
                // A missing `]` before `endobj`: close the array there (qpdf, pdf.js).
                if next.isKeyword("endobj") || next.isKeyword("stream") { break }
                items.append(try parseObject(depth: depth + 1))
                guard items.count < Self.maxContainerCount else {
                    throw PDFError(.limitExceeded, "array with too many items", offset: start)
                }
            }
            return .array(items)
        case .dictionaryOpen:
            return .dictionary(try parseDictionaryBody(depth: depth, start: start))
        case .keyword(let word):
            switch word {
            case "null": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default:
                // Inside a container an unknown word is damage to tolerate (qpdf reads on); at the top it is an error.
                guard depth > 0 else {
                    throw PDFError(.malformed, "unexpected '\(word.prefix(32))'", offset: start)
                }
                return .null
            }
        case .arrayClose, .dictionaryClose:
            throw PDFError(.malformed, "unexpected closing delimiter", offset: start)
        case .endOfInput:
            throw PDFError(.malformed, "unexpected end of file", offset: start)
        }
    }

    /// The entries after `<<` up to `>>`. A key without a value (`/A >>`) reads as null;
    /// a non-name where a key is expected is skipped, as pdf.js does.
    private func parseDictionaryBody(depth: Int, start: Int) throws(PDFError) -> PDFDictionary {
        var entries: [(PDFName, PDFObject)] = []
        while true {
            let next = try peekToken(0)
            switch next {
            case .dictionaryClose:
                _ = try nextToken()
                return PDFDictionary(entries)
            case .endOfInput:
                throw PDFError(.malformed, "unterminated dictionary", offset: start)
            case .name(let key):
                _ = try nextToken()
                let value = try peekToken(0)
                if value == .dictionaryClose || value.isKeyword("endobj") {
                    entries.append((key, .null))
                } else {
                    entries.append((key, try parseObject(depth: depth + 1)))
                }
            default:
                // A missing `>>` before `endobj`/`stream`: close the dictionary there (qpdf, pdf.js).
                if next.isKeyword("endobj") || next.isKeyword("stream") { return PDFDictionary(entries) }
                // Anything else where a key belongs is skipped.
                if case .keyword = next { _ = try nextToken() } else { _ = try parseObject(depth: depth + 1) }
            }
            guard entries.count < Self.maxContainerCount else {
                throw PDFError(.limitExceeded, "dictionary with too many entries", offset: start)
            }
        }
    }
}
