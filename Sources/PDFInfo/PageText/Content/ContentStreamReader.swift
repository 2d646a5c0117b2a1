/// Splits a content stream (ISO 32000-1 §7.8.2) into operators and their operands with the
/// package's `Lexer`: operands are objects, operators the keywords between them. Arrays and
/// dictionaries (a `TJ` array, a `BDC` property list) are read by `ObjectParser`, from where
/// they start; everything else is one token, read without the parser's lookahead.
///
/// Inline images (§8.9.7, `BI … ID data EI`) are read past without lexing their data. Input
/// is hostile: a run of operands is capped (the excess dropped, as pdf.js does), and every
/// token read is counted in `tokens` for the caller's budget.
struct ContentStreamReader {
    private let bytes: [UInt8]
    /// Reads the operands and operators with its lexer, and the arrays and dictionaries from
    /// where they start: one lexer, never copied in and out.
    private var parser: ObjectParser
    /// The operands of the operator `nextOperator()` returned last, in order.
    private(set) var operands: [PDFObject] = []
    /// Tokens read so far: operators, operands, inline-image entries.
    private(set) var tokens = 0
    static let maxOperands = 64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        parser = ObjectParser(source: MemoryByteSource(bytes), at: 0)
        operands.reserveCapacity(8)
    }

    /// The next operator, its operands in `operands`; nil at the end of the stream.
    /// `BI` comes back once its image has been skipped, with no operands.
    /// - Throws: `PDFError` for damage the lexer cannot read past (an unterminated string).
    mutating func nextOperator() throws(PDFError) -> Keyword? {
        // Emptied from the end, keeping the room: `removeAll(keepingCapacity:)` goes through
        // the general `replaceSubrange`, which costs more than reading most operators.
        while !operands.isEmpty { operands.removeLast() }
        while true {
            let token = try parser.lexer.nextToken()
            tokens += 1
            switch token {
            case .endOfInput:
                return nil
            case .keyword(let word):
                // Told by their bytes as one number, as `ContentOperator` tells operators.
                switch word.packed {
                case 0x7472_7565: append(.bool(true))  // true
                case 0x66_616C_7365: append(.bool(false))  // false
                case 0x6E75_6C6C: append(.null)  // null
                case 0x4249:  // BI
                    try skipInlineImage()
                    return word
                default:
                    return word
                }
            case .arrayClose, .dictionaryClose:
                // A stray closing delimiter: nothing to attach it to.
                break
            case .integer(let value): append(.integer(value))
            case .real(let value): append(.real(value))
            case .string(let bytes): append(.string(bytes))
            case .name(let name): append(.name(name))
            case .arrayOpen, .dictionaryOpen:
                append(try container())
            }
        }
    }

    private mutating func append(_ operand: PDFObject) {
        if operands.count < Self.maxOperands { operands.append(operand) }
    }

    /// The array or dictionary whose opening token the lexer has just read.
    private mutating func container() throws(PDFError) -> PDFObject {
        try parser.parseContainerJustLexed()
    }

    /// Reads an inline image's dictionary up to `ID` and moves past its data and `EI`.
    private mutating func skipInlineImage() throws(PDFError) {
        var declaredLength: Int?
        var key: Token?
        while true {
            let token = try parser.lexer.nextToken()
            tokens += 1
            switch token {
            case .endOfInput:
                return
            case .keyword("ID"):
                break
            case .arrayOpen, .dictionaryOpen:
                _ = try container()
                key = nil
                continue
            default:
                if key == .name("L") || key == .name("Length"), case .integer(let length) = token { declaredLength = length }
                key = token
                continue
            }
            break
        }
        // One whitespace byte separates `ID` from the data (§8.9.7).
        var start = parser.lexer.cursor.position
        if start < bytes.count, CharacterClass.isWhitespace(bytes[start]) { start += 1 }
        let end: Int
        if let declaredLength, declaredLength >= 0, declaredLength <= bytes.count - start {
            end = Self.endOfImage(in: bytes, from: start + declaredLength) ?? start + declaredLength
        } else {
            end = Self.endOfImage(in: bytes, from: start) ?? bytes.count
        }
        parser.lexer.cursor.position = end
    }

    /// The offset just past the `EI` that ends inline image data starting at `start`: the
    /// first `EI` between whitespace (or at the end) that is followed by text rather than
    /// binary data, as pdf.js decides where data without a declared length ends.
    static func endOfImage(in bytes: [UInt8], from start: Int) -> Int? {
        var index = max(start, 0)
        while index + 1 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "E"), bytes[index + 1] == UInt8(ascii: "I"),
                  index == start || CharacterClass.isWhitespace(bytes[index - 1]) else { continue }
            let after = index + 2
            guard after == bytes.count || CharacterClass.isWhitespace(bytes[after]) else { continue }
            if Self.looksLikeContent(bytes[after..<min(after + 16, bytes.count)]) { return after }
        }
        return nil
    }

    /// Whether `bytes` could be the start of the content after an image: printable ASCII or whitespace.
    private static func looksLikeContent(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { CharacterClass.isWhitespace($0) || (0x21...0x7E).contains($0) }
    }
}
