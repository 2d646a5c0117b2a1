/// Splits PDF bytes into tokens (ISO 32000-1 §7.2–7.3), reading through a `ByteCursor`.
///
/// Input is hostile: strings, names and numbers are capped in length, numeric overflow falls
/// back to a real, and nothing here traps on any input.
///
/// A value, like its cursor: it lives inside the parser (or the xref table reader) that uses it.
struct Lexer {
    var cursor: ByteCursor
    /// Offset where the most recently returned token started.
    private(set) var tokenStart = 0
    /// Reused for names and keywords, so that reading one allocates nothing.
    private var scratch: [UInt8] = []
    static let maxStringLength = 32 * 1024 * 1024
    static let maxNameLength = 64 * 1024

    init(cursor: ByteCursor) { self.cursor = cursor }

    init(source: ByteSource, at offset: Int) {
        self.init(cursor: ByteCursor(source: source, position: offset))
    }

    /// Skips whitespace and comments.
    mutating func skipWhitespaceAndComments() throws(PDFError) {
        // Between delimiters there is often nothing to skip.
        guard let first = try cursor.peek(), CharacterClass.isWhitespace(first) || first == UInt8(ascii: "%") else { return }
        // Fast path: the whitespace in the current window; the loop below does the rest.
        let skipped = try cursor.withBytesAhead { bytes in
            var count = 0
            while count < bytes.count, CharacterClass.isWhitespace(bytes[count]) { count += 1 }
            return count
        }
        cursor.position += skipped
        while let byte = try cursor.peek() {
            if CharacterClass.isWhitespace(byte) {
                cursor.position += 1
            } else if byte == UInt8(ascii: "%") {
                while let inComment = try cursor.peek(), inComment != 0x0A, inComment != 0x0D {
                    cursor.position += 1
                }
            } else {
                return
            }
        }
    }

    /// Reads the next token.
    mutating func nextToken() throws(PDFError) -> Token {
        try skipWhitespaceAndComments()
        tokenStart = cursor.position
        guard let byte = try cursor.peek() else { return .endOfInput }
        if CharacterClass.isDigit(byte), let integer = try Self.fastPath(&cursor, Self.plainInteger) {
            return .integer(integer)
        }
        if CharacterClass.isRegular(byte), !CharacterClass.isDigit(byte), byte != UInt8(ascii: "+"),
           byte != UInt8(ascii: "-"), byte != UInt8(ascii: "."), byte != UInt8(ascii: ")"),
           byte != UInt8(ascii: "{"), byte != UInt8(ascii: "}"),
           let word = try Self.fastPath(&cursor, Self.plainKeyword) {
            return .keyword(word)
        }
        cursor.position += 1
        switch byte {
        case UInt8(ascii: "["): return .arrayOpen
        case UInt8(ascii: "]"): return .arrayClose
        case UInt8(ascii: "("): return .string(try literalString())
        case UInt8(ascii: "/"): return .name(try name())
        case UInt8(ascii: "<"):
            if try cursor.peek() == UInt8(ascii: "<") {
                cursor.position += 1
                return .dictionaryOpen
            }
            return .string(try hexString())
        case UInt8(ascii: ">"):
            if try cursor.peek() == UInt8(ascii: ">") { cursor.position += 1 }
            return .dictionaryClose
        case UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            return .keyword(String(UnicodeScalar(byte)))
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), 0x30...0x39:
            return try number(first: byte)
        default:
            scratch.removeAll(keepingCapacity: true)
            scratch.append(byte)
            while let next = try cursor.peek(), CharacterClass.isRegular(next), scratch.count < Self.maxNameLength {
                scratch.append(next)
                cursor.position += 1
            }
            return .keyword(String(decoding: scratch, as: UTF8.self))
        }
    }

    /// `N G obj` when it is plain (see `plainObjectHeader`), read in one scan; nil, consuming
    /// nothing, otherwise.
    mutating func objectHeader() throws(PDFError) -> (number: Int, generation: Int)? {
        let start = cursor.position
        guard let header = try Self.fastPath(&cursor, Self.plainObjectHeader) else { return nil }
        tokenStart = start + header.keywordStart
        return (header.number, header.generation)
    }

    /// The rest of a dictionary after its `<<`, through `ContainerScanner` when it lies whole in
    /// the window; nil, consuming nothing, when the scanner gives up.
    mutating func scannedDictionaryBody(depth: Int) throws(PDFError) -> PDFDictionary? {
        try scanned { $0.dictionaryBody(depth: depth) }
    }

    /// The rest of an array after its `[`, as `scannedDictionaryBody(depth:)` reads a dictionary.
    mutating func scannedArrayBody(depth: Int) throws(PDFError) -> [PDFObject]? {
        try scanned { $0.arrayBody(depth: depth) }
    }

    /// What `read` makes of the bytes ahead with a `ContainerScanner`, consuming what it read
    /// (the last token it read becomes the lexer's last); nil, consuming nothing, when it gives up.
    private mutating func scanned<Body>(_ read: (inout ContainerScanner) -> Body?) throws(PDFError) -> Body? {
        let scanned = try cursor.withBytesAhead { bytes -> (Body, Int, Int)? in
            var scanner = ContainerScanner(bytes)
            guard let body = read(&scanner) else { return nil }
            return (body, scanner.index, scanner.lastTokenStart)
        }
        guard let (body, length, lastToken) = scanned else { return nil }
        tokenStart = cursor.position + lastToken
        cursor.position += length
        return body
    }

    /// A number (§7.3.3). Tolerates what pdf.js does: a doubled sign, a trailing dot.
    /// A malformed number (`+`, `-.`) reads as 0; an integer too large for `Int` becomes a real.
    private mutating func number(first: UInt8) throws(PDFError) -> Token {
        let start = cursor.position - 1
        // A doubled sign does not flip the sign: `--5` is −5, as in Adobe Reader and pdf.js.
        let negative = first == UInt8(ascii: "-")
        var integer = CharacterClass.isDigit(first) ? Int(first - 0x30) : 0
        var overflow = false
        var isReal = first == UInt8(ascii: ".")
        var length = 1
        while let byte = try cursor.peek(), length < 256 {
            if CharacterClass.isDigit(byte) {
                if !isReal && !overflow {
                    let (product, o1) = integer.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = product.addingReportingOverflow(Int(byte - 0x30))
                    if o1 || o2 { overflow = true } else { integer = sum }
                }
            } else if byte == UInt8(ascii: ".") {
                isReal = true
            } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) && length == 1 && !CharacterClass.isDigit(first) {
                // The second sign of a doubled sign.
            } else {
                break
            }
            cursor.position += 1
            length += 1
        }
        if !isReal && !overflow { return .integer(negative ? -integer : integer) }
        let text = try cursor.source.read(start..<cursor.position)
        let real = Self.realValue(text.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") })
        return .real(negative ? -real : real)
    }

    /// A name after its `/` (§7.3.5): `#xx` escapes decoded; a `#` not followed by two hex digits kept.
    private mutating func name() throws(PDFError) -> PDFName {
        if let plain = try Self.fastPath(&cursor, Self.plainName) { return plain }
        scratch.removeAll(keepingCapacity: true)
        var plain = true
        while let byte = try cursor.peek(), CharacterClass.isRegular(byte), scratch.count < Self.maxNameLength {
            cursor.position += 1
            if byte == UInt8(ascii: "#"),
               let high = try cursor.peek().flatMap(CharacterClass.hexValue),
               let low = try cursor.peek(ahead: 1).flatMap(CharacterClass.hexValue) {
                cursor.position += 2
                scratch.append(high << 4 | low)
                plain = false
            } else {
                scratch.append(byte)
                if byte >= 0x80 { plain = false }
            }
        }
        // Plain ASCII needs no validation: straight to a (usually inline) String.
        return plain ? PDFName(String(decoding: scratch, as: UTF8.self)) : PDFName(bytes: scratch)
    }

    /// A literal string after its `(` (§7.3.4.2, pdf-notes §3.1).
    private mutating func literalString() throws(PDFError) -> [UInt8] {
        if let plain = try Self.fastPath(&cursor, Self.wholeLiteralString) { return plain }
        var bytes: [UInt8] = []
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
                if try cursor.peek() == 0x0A { cursor.position += 1 }
                bytes.append(0x0A)
            case UInt8(ascii: "\\"):
                try escape(into: &bytes)
            default:
                bytes.append(byte)
            }
        }
    }

    private mutating func escape(into bytes: inout [UInt8]) throws(PDFError) {
        guard let byte = try cursor.next() else { return }
        switch byte {
        case 0x0D:
            // Backslash-EOL is a line continuation: nothing is added.
            if try cursor.peek() == 0x0A { cursor.position += 1 }
        case 0x0A:
            break
        case 0x30...0x37:
            var value = Int(byte - 0x30)
            for _ in 0..<2 {
                guard let digit = try cursor.peek(), digit >= 0x30, digit <= 0x37 else { break }
                value = value * 8 + Int(digit - 0x30)
                cursor.position += 1
            }
            bytes.append(UInt8(value & 0xFF))
        default:
            bytes.append(Self.escapedByte(byte))
        }
    }

    /// The byte a backslash and `byte` stand for, when `byte` is neither an end-of-line nor an
    /// octal digit: `\n`, `\r`, `\t`, `\b`, `\f` their control characters; `\(`, `\)`, `\\`
    /// and any other character themselves (the backslash is dropped).
    @inline(__always)
    static func escapedByte(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        default: byte
        }
    }

    /// A hex string after its `<` (§7.3.4.3): whitespace ignored, odd digit count padded with 0.
    private mutating func hexString() throws(PDFError) -> [UInt8] {
        if let decoded = try Self.fastPath(&cursor, Self.wholeHexString) { return decoded }
        var bytes: [UInt8] = []
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
}
