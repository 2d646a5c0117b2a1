/// Splits PDF bytes into tokens (ISO 32000-1 §7.2–7.3), reading through a `ByteCursor`
/// one byte at a time (pdf.js `Lexer`).
///
/// Input is hostile: strings, names and numbers are capped in length, numeric overflow falls
/// back to a real, and nothing here traps on any input.
///
/// A value, like its cursor: it lives inside the parser (or the xref table reader) that uses it.
struct Lexer {
    var cursor: ByteCursor
    /// Offset where the most recently returned token started.
    private(set) var tokenStart = 0
    static let maxStringLength = 32 * 1024 * 1024
    static let maxNameLength = 64 * 1024
    static let maxNumberLength = 256
    /// Room reserved for a string's bytes: most (an Info value, an /ID half, a date) fit, and
    /// growing an array from empty allocates and copies it several times.
    static let initialStringCapacity = 64

    init(cursor: ByteCursor) { self.cursor = cursor }

    init(source: ByteSource, at offset: Int) {
        self.init(cursor: ByteCursor(source: source, position: offset))
    }

    /// Skips whitespace and comments. Inlined: every token starts here, and most skip one byte
    /// or none, so a call's set-up costs more than the skipping.
    @inline(__always)
    mutating func skipWhitespaceAndComments() throws(PDFError) {
        while let byte = try cursor.peek() {
            if CharacterClass.isWhitespace(byte) {
                cursor.advance()
            } else if byte == UInt8(ascii: "%") {
                while let inComment = try cursor.peek(), inComment != 0x0A, inComment != 0x0D {
                    cursor.advance()
                }
            } else {
                return
            }
        }
    }

    /// Whether the next token is the keyword `word` (after whitespace and comments: its bytes,
    /// then a byte that is not regular, or the end); moves past it when it is. What
    /// `nextToken().isKeyword(word)` says, without making the token.
    mutating func skipKeyword(_ word: StaticString) throws(PDFError) -> Bool {
        try skipWhitespaceAndComments()
        let start = cursor.position
        for index in 0..<word.utf8CodeUnitCount where try cursor.next() != word.utf8Start[index] {
            cursor.position = start
            return false
        }
        if let after = try cursor.peek(), CharacterClass.isRegular(after) {
            cursor.position = start
            return false
        }
        return true
    }

    /// Reads the next token.
    mutating func nextToken() throws(PDFError) -> Token {
        try skipWhitespaceAndComments()
        tokenStart = cursor.position
        guard let byte = try cursor.next() else { return .endOfInput }
        switch byte {
        case UInt8(ascii: "["): return .arrayOpen
        case UInt8(ascii: "]"): return .arrayClose
        case UInt8(ascii: "("): return .string(try literalString())
        case UInt8(ascii: "/"): return .name(try name())
        case UInt8(ascii: "<"):
            if try cursor.peek() == UInt8(ascii: "<") {
                cursor.advance()
                return .dictionaryOpen
            }
            return .string(try hexString())
        case UInt8(ascii: ">"):
            if try cursor.peek() == UInt8(ascii: ">") { cursor.advance() }
            return .dictionaryClose
        case UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            return .keyword(Keyword(packed: UInt64(byte)))
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), 0x30...0x39:
            return try number(first: byte)
        default:
            return .keyword(try keyword(first: byte))
        }
    }

    /// A bare word: its bytes packed as they are read; a word too long to pack is read again
    /// from the source.
    @inline(__always)
    private mutating func keyword(first: UInt8) throws(PDFError) -> Keyword {
        var packed = UInt64(first)
        var length = 1
        while let next = try cursor.peek(), CharacterClass.isRegular(next), length < Self.maxNameLength {
            packed = packed << 8 | UInt64(next)
            length += 1
            cursor.advance()
        }
        if length <= Keyword.maxPackedLength { return Keyword(packed: packed) }
        return Keyword(bytes: try cursor.source.read(tokenStart..<cursor.position))
    }

    /// A number (§7.3.3). Tolerates what pdf.js does: a doubled sign, a trailing dot, a sign
    /// after a leading dot (ignored: `.-5` is 0.5). A malformed number (`+`, `-.`) reads as 0;
    /// an integer too large for `Int` becomes a real.
    ///
    /// The digits are valued as they are read, up to a second dot (`1.2.3` reads as 1.2): up to
    /// 18 of them as one exact integer. With at most 15 digits a real's digits and the power of
    /// ten are both exact doubles, so one division rounds correctly (Clinger's observation,
    /// which `strtod` makes too); a longer number (rare: PDF writers emit at most 15 digits) is
    /// valued again from its bytes.
    @inline(__always)
    private mutating func number(first: UInt8) throws(PDFError) -> Token {
        let start = cursor.position - 1
        // A doubled sign does not flip the sign: `--5` is −5, as in Adobe Reader and pdf.js.
        let negative = first == UInt8(ascii: "-")
        let firstIsDigit = CharacterClass.isDigit(first)
        var mantissa = firstIsDigit ? Int(first - 0x30) : 0
        var digits = firstIsDigit ? 1 : 0
        var fractionDigits = 0
        var dots = first == UInt8(ascii: ".") ? 1 : 0
        var length = 1
        while let byte = try cursor.peek(), length < Self.maxNumberLength {
            if CharacterClass.isDigit(byte) {
                // Digits after a second dot are read past, not valued.
                if dots < 2 {
                    // Past 18 digits this wraps, unchecked: such a number is valued again from its bytes.
                    mantissa = mantissa &* 10 &+ Int(byte - 0x30)
                    digits += 1
                    fractionDigits += dots
                }
            } else if byte == UInt8(ascii: ".") {
                dots += 1
            } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) && length == 1 && !firstIsDigit {
                // The second sign of a doubled sign.
            } else {
                break
            }
            cursor.advance()
            length += 1
        }
        if dots == 0 {
            if digits <= 18 { return .integer(negative ? -mantissa : mantissa) }
            if let value = Self.longIntegerValue(try cursor.source.read(start..<cursor.position)) {
                return .integer(negative ? -value : value)
            }
        }
        let value = digits <= 15 ? Double(mantissa) / Self.powersOfTen[fractionDigits] : Self.longRealValue(try cursor.source.read(start..<cursor.position))
        return .real(negative ? -value : value)
    }

    /// The value of an integer of more than 18 digits from its bytes as read (signs ignored);
    /// nil when it is too large for `Int`.
    private static func longIntegerValue(_ bytes: [UInt8]) -> Int? {
        var value = 0
        for byte in bytes where CharacterClass.isDigit(byte) {
            let (product, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = product.addingReportingOverflow(Int(byte - 0x30))
            if o1 || o2 { return nil }
            value = sum
        }
        return value
    }

    /// The value of a real with more than 15 digits, from its bytes as read: its digits and
    /// its first dot, parsed by the standard library.
    private static func longRealValue(_ bytes: [UInt8]) -> Double {
        var text = ""
        var dots = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                dots += 1
                if dots == 2 { break }
            }
            if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "+") { text.unicodeScalars.append(Unicode.Scalar(byte)) }
        }
        return Double(text) ?? Double("0" + text + "0") ?? 0
    }

    /// A name after its `/` (§7.3.5): `#xx` escapes decoded; a `#` not followed by two hex
    /// digits kept. A name spelled with a `#` or a byte outside printable ASCII keeps its
    /// spelling, so that it is written back byte for byte (`PDFName.spelling`).
    private mutating func name() throws(PDFError) -> PDFName {
        let start = cursor.position
        var verbatim = true
        // Bytes the name decodes to, what the cap counts: a `#xx` escape is one.
        var length = 0
        while let byte = try cursor.peek(), CharacterClass.isRegular(byte), length < Self.maxNameLength {
            cursor.advance()
            length += 1
            if byte == UInt8(ascii: "#") {
                verbatim = false
                if try cursor.peek().flatMap(CharacterClass.hexValue) != nil,
                   try cursor.peek(ahead: 1).flatMap(CharacterClass.hexValue) != nil {
                    cursor.advance(by: 2)
                }
            } else if byte < 0x21 || byte > 0x7E {
                verbatim = false
            }
        }
        let spelling = try cursor.bytes(from: start)
        // Plain printable ASCII needs no decoding or validation: straight to a (usually inline) String.
        guard !verbatim else { return PDFName(String(decoding: spelling, as: UTF8.self)) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(length)
        var index = spelling.startIndex
        while index < spelling.endIndex {
            if spelling[index] == UInt8(ascii: "#"), spelling.endIndex - index > 2,
               let high = CharacterClass.hexValue(spelling[index + 1]), let low = CharacterClass.hexValue(spelling[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(spelling[index])
                index += 1
            }
        }
        return PDFName(bytes: decoded, spelling: Array(spelling))
    }

    /// A literal string after its `(` (§7.3.4.2, pdf-notes §3.1).
    private mutating func literalString() throws(PDFError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.initialStringCapacity)
        var depth = 1
        while true {
            guard let byte = try cursor.next() else {
                throw PDFError(.malformed, "unterminated literal string", offset: tokenStart)
            }
            guard bytes.count < Self.maxStringLength else {
                throw PDFError(.limitExceeded, "literal string longer than \(Self.maxStringLength) bytes", offset: tokenStart)
            }
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
                bytes.append(byte)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return bytes }
                bytes.append(byte)
            case 0x0D:
                // A bare end-of-line inside a string reads as a single LF.
                if try cursor.peek() == 0x0A { cursor.advance() }
                bytes.append(0x0A)
            case UInt8(ascii: "\\"):
                try escape(into: &bytes)
            default:
                bytes.append(byte)
            }
        }
    }

    /// The escape after a backslash in a literal string (§7.3.4.2, Table 3).
    private mutating func escape(into bytes: inout [UInt8]) throws(PDFError) {
        guard let byte = try cursor.next() else { return }
        switch byte {
        case 0x0D:
            // Backslash-EOL is a line continuation: nothing is added.
            if try cursor.peek() == 0x0A { cursor.advance() }
        case 0x0A:
            break
        case 0x30...0x37:
            var value = Int(byte - 0x30)
            for _ in 0..<2 {
                guard let digit = try cursor.peek(), digit >= 0x30, digit <= 0x37 else { break }
                value = value * 8 + Int(digit - 0x30)
                cursor.advance()
            }
            bytes.append(UInt8(value & 0xFF))
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        default:
            // `\(`, `\)`, `\\` and any other character stand for themselves (the backslash is dropped).
            bytes.append(byte)
        }
    }

    /// A hex string after its `<` (§7.3.4.3): whitespace ignored, odd digit count padded with 0.
    private mutating func hexString() throws(PDFError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.initialStringCapacity)
        var pending: UInt8?
        while true {
            guard let byte = try cursor.next() else {
                throw PDFError(.malformed, "unterminated hex string", offset: tokenStart)
            }
            if byte == UInt8(ascii: ">") { break }
            guard let value = CharacterClass.hexValue(byte) else { continue }
            if let high = pending {
                bytes.append(high << 4 | value)
                pending = nil
                guard bytes.count < Self.maxStringLength else {
                    throw PDFError(.limitExceeded, "hex string longer than \(Self.maxStringLength) bytes", offset: tokenStart)
                }
            } else {
                pending = value
            }
        }
        if let high = pending { bytes.append(high << 4) }
        return bytes
    }

    /// 10⁰ … 10¹⁵, each exact in a double.
    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
}
