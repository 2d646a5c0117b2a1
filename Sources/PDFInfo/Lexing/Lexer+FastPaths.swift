#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fast paths of the lexer for the common tokens: each scans the current window of the cursor
/// in one loop and gives up (returns nil, consuming nothing) on anything unusual, such as an
/// escape, a token that runs past the window, or a length near a cap. The general code in
/// `Lexer` then reads the token byte by byte, so both paths give the same token.
extension Lexer {
    /// A fast path's answer: the token's value and how many bytes it took.
    typealias Scan<Value> = (value: Value, length: Int)?

    /// Runs `scan` on the bytes ahead of `cursor`, and moves past what it took when it succeeds.
    @inline(__always)
    static func fastPath<Value>(_ cursor: inout ByteCursor, _ scan: (UnsafeBufferPointer<UInt8>) -> Scan<Value>) throws(PDFError) -> Value? {
        guard let (value, length) = try cursor.withBytesAhead(scan) else { return nil }
        cursor.position += length
        return value
    }

    /// An unsigned integer of at most 18 digits (so it cannot overflow) that ends inside the
    /// window, not followed by `.` (which would make it a real).
    static func plainInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan<Int> {
        var value = 0
        var length = 0
        while length < bytes.count, CharacterClass.isDigit(bytes[length]) {
            guard length < 18 else { return nil }
            value = value &* 10 &+ Int(bytes[length] &- 0x30)
            length += 1
        }
        guard length > 0, length < bytes.count, bytes[length] != UInt8(ascii: ".") else { return nil }
        return (value, length)
    }

    /// After a non-negative integer, the rest of a reference, ` G R`, when it is plain
    /// (whitespace, no comment, an unsigned integer, `R`) and ends inside the window: the
    /// generation, and the cursor moves past the `R`. What the parser's two-token lookahead
    /// would read as a reference, without making the two tokens.
    mutating func referenceTail() throws(PDFError) -> Int? {
        try Self.fastPath(&cursor, Self.plainReferenceTail)
    }

    static func plainReferenceTail(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan<Int> {
        var length = 0
        while length < bytes.count, CharacterClass.isWhitespace(bytes[length]) { length += 1 }
        guard length < bytes.count, let (generation, digits) = plainInteger(UnsafeBufferPointer(rebasing: bytes[length...])) else {
            return nil
        }
        length += digits
        while length < bytes.count, CharacterClass.isWhitespace(bytes[length]) { length += 1 }
        guard length + 1 < bytes.count, bytes[length] == UInt8(ascii: "R"), !CharacterClass.isRegular(bytes[length + 1]) else {
            return nil
        }
        return (generation, length + 1)
    }

    /// The identity of an indirect object, `N G obj` (§7.3.10), when it is plain: unsigned
    /// integers, whitespace between them, no comment, `obj` ended by a non-regular byte inside
    /// the window. Gives the numbers and the offset of `obj`; the cursor moves past `obj`.
    static func plainObjectHeader(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan<(number: Int, generation: Int, keywordStart: Int)> {
        var length = 0
        while length < bytes.count, CharacterClass.isWhitespace(bytes[length]) { length += 1 }
        guard length < bytes.count, let (number, numberDigits) = plainInteger(UnsafeBufferPointer(rebasing: bytes[length...])) else {
            return nil
        }
        length += numberDigits
        let separator = length
        while length < bytes.count, CharacterClass.isWhitespace(bytes[length]) { length += 1 }
        guard length > separator, length < bytes.count,
              let (generation, generationDigits) = plainInteger(UnsafeBufferPointer(rebasing: bytes[length...])) else {
            return nil
        }
        length += generationDigits
        while length < bytes.count, CharacterClass.isWhitespace(bytes[length]) { length += 1 }
        let keywordStart = length
        guard length + 3 < bytes.count, spells(UnsafeBufferPointer(rebasing: bytes[length..<(length + 3)]), "obj"),
              !CharacterClass.isRegular(bytes[length + 3]) else { return nil }
        return ((number, generation, keywordStart), length + 3)
    }

    /// A bare word that ends inside the window. The usual keywords are string literals,
    /// which need neither decoding nor a heap allocation.
    static func plainKeyword(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan<String> {
        var length = 0
        while length < bytes.count, CharacterClass.isRegular(bytes[length]) { length += 1 }
        guard length > 0, length < bytes.count, length < maxNameLength else { return nil }
        let word = UnsafeBufferPointer(rebasing: bytes[..<length])
        return (knownKeyword(word) ?? String(decoding: word, as: UTF8.self), length)
    }

    /// Whether the next token, after whitespace and comments, is the keyword `word`, when the
    /// bytes in the window decide it: `word`'s bytes then a byte that ends a word (yes), or a
    /// byte that differs from `word`'s, or `word` then a regular byte (no). Nil when the window
    /// ends first. Consumes only the whitespace and comments.
    mutating func keywordIsNext(_ word: StaticString) throws(PDFError) -> Bool? {
        try skipWhitespaceAndComments()
        return try cursor.withBytesAhead { bytes in
            word.withUTF8Buffer { spelled -> Bool? in
                for index in 0..<spelled.count {
                    guard index < bytes.count else { return nil }
                    if bytes[index] != spelled[index] { return false }
                }
                guard spelled.count < bytes.count else { return nil }
                return !CharacterClass.isRegular(bytes[spelled.count])
            }
        }
    }

    /// The keyword `word` spells, as a literal, when it is one of the usual ones.
    @inline(__always)
    private static func knownKeyword(_ word: UnsafeBufferPointer<UInt8>) -> String? {
        switch word.count {
        case 1: return word[0] == UInt8(ascii: "R") ? "R" : nil
        case 3: return spells(word, "obj") ? "obj" : nil
        case 4: return spells(word, "null") ? "null" : spells(word, "true") ? "true" : spells(word, "xref") ? "xref" : nil
        case 5: return spells(word, "false") ? "false" : nil
        case 6: return spells(word, "endobj") ? "endobj" : spells(word, "stream") ? "stream" : nil
        case 7: return spells(word, "trailer") ? "trailer" : nil
        case 9: return spells(word, "endstream") ? "endstream" : spells(word, "startxref") ? "startxref" : nil
        default: return nil
        }
    }

    /// Whether `word` is `keyword`'s bytes: a plain loop over two buffers of the same length,
    /// which costs a fraction of `elementsEqual`'s iterators.
    @inline(__always)
    static func spells(_ word: UnsafeBufferPointer<UInt8>, _ keyword: StaticString) -> Bool {
        keyword.withUTF8Buffer { spelled in
            guard spelled.count == word.count else { return false }
            for index in 0..<word.count where word[index] != spelled[index] { return false }
            return true
        }
    }

    /// A name after its `/` that is plain ASCII without `#` escapes and ends inside the window.
    static func plainName(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan<PDFName> {
        // One table load per byte instead of the character class tests.
        let length = nameBytes.withUnsafeBufferPointer { kinds in
            var length = 0
            while length < bytes.count, kinds[Int(bytes[length])] == .plain { length += 1 }
            return length
        }
        // The name must end inside the window, at a byte that ends it (not at `#` or a byte
        // from 0x80 on, which the byte-by-byte code decodes).
        guard length < bytes.count, nameBytes[Int(bytes[length])] == .end, length < maxNameLength else { return nil }
        let word = UnsafeBufferPointer(rebasing: bytes[..<length])
        return (PDFName(knownName(word) ?? String(decoding: word, as: UTF8.self)), length)
    }

    /// What a byte is to `plainName`.
    private enum NameByte: UInt8 {
        /// Whitespace or a delimiter (§7.2.2): the name ends before it.
        case end
        /// A regular ASCII byte other than `#`: part of a plain name.
        case plain
        /// `#` (an escape) or a byte from 0x80 on: left to the byte-by-byte code.
        case unusual
    }

    /// Each byte's `NameByte`, by value.
    private static let nameBytes: [NameByte] = (0...255).map { value in
        let byte = UInt8(value)
        if !CharacterClass.isRegular(byte) { return .end }
        return byte == UInt8(ascii: "#") || byte >= 0x80 ? .unusual : .plain
    }

    /// A literal string after its `(` whose closing `)` is inside the window. Without escapes,
    /// nested parentheses or CRs, its bytes are the string; otherwise they are decoded as
    /// `literalString()` and `escape(into:)` do byte by byte.
    static func wholeLiteralString(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan<[UInt8]> {
        // Most strings have no escape, parenthesis or CR: their body is what lies before the
        // first `)`, and `memchr` finds that and checks the body for the others faster than
        // the loop below looks at each byte.
        guard let close = firstIndex(of: UInt8(ascii: ")"), in: bytes) else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[..<close])
        if close < maxStringLength, firstIndex(of: UInt8(ascii: "\\"), in: body) == nil,
           firstIndex(of: UInt8(ascii: "("), in: body) == nil, firstIndex(of: 0x0D, in: body) == nil {
            return (Array(body), close + 1)
        }
        // The closing `)`, balancing nested parentheses and skipping each escaped byte: what the
        // decoding below consumes after an escape or a CR (octal digits, an LF) is neither a
        // parenthesis nor a backslash, so the two agree on where the string ends.
        var length = 0
        var depth = 1
        var plain = true
        while length < bytes.count {
            switch bytes[length] {
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 {
                    guard length < maxStringLength else { return nil }
                    let body = UnsafeBufferPointer(rebasing: bytes[..<length])
                    return (plain ? Array(body) : decodedLiteral(body), length + 1)
                }
                plain = false
            case UInt8(ascii: "("):
                depth += 1
                plain = false
            case UInt8(ascii: "\\"):
                length += 1
                plain = false
            case 0x0D:
                plain = false
            default:
                break
            }
            length += 1
        }
        return nil
    }

    /// The bytes of a literal string's body (between its outer parentheses), escapes and
    /// end-of-line sequences decoded (§7.3.4.2).
    private static func decodedLiteral(_ body: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(body.count)
        var index = 0
        while index < body.count {
            let byte = body[index]
            index += 1
            switch byte {
            case 0x0D:
                // A bare end-of-line inside a string reads as a single LF.
                if index < body.count, body[index] == 0x0A { index += 1 }
                decoded.append(0x0A)
            case UInt8(ascii: "\\"):
                let escaped = body[index]
                index += 1
                switch escaped {
                case 0x0D:
                    // Backslash-EOL is a line continuation: nothing is added.
                    if index < body.count, body[index] == 0x0A { index += 1 }
                case 0x0A:
                    break
                case 0x30...0x37:
                    var value = Int(escaped - 0x30)
                    for _ in 0..<2 {
                        guard index < body.count, body[index] >= 0x30, body[index] <= 0x37 else { break }
                        value = value * 8 + Int(body[index] - 0x30)
                        index += 1
                    }
                    decoded.append(UInt8(value & 0xFF))
                default:
                    decoded.append(escapedByte(escaped))
                }
            default:
                decoded.append(byte)
            }
        }
        return decoded
    }

    /// A hex string after its `<` whose `>` is inside the window: whitespace and other
    /// non-digits ignored, an odd digit count padded with 0.
    static func wholeHexString(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan<[UInt8]> {
        guard let end = firstIndex(of: UInt8(ascii: ">"), in: bytes) else { return nil }
        guard end / 2 < maxStringLength else { return nil }
        // At most one byte per two of the `end` bytes before `>`, rounded up: the capacity.
        // Decoded into scratch space and copied once: `[UInt8](unsafeUninitializedCapacity:)`
        // allocates through an unspecialized path that looks the array type up at run time,
        // and appending byte by byte checks capacity on every byte.
        let decoded = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: (end + 1) / 2) { buffer -> [UInt8] in
            hexDigitValues.withUnsafeBufferPointer { values in
                var count = 0
                var high: UInt8 = 0
                var pendingHigh = false
                var index = 0
                while true {
                    // Two digits in a row, the usual case, make a byte at once; the table gives
                    // 0xFF for a non-digit, so one test of both values tells. A tight loop of its
                    // own: most strings are only pairs of digits, and leave it only at the end.
                    // (`&+`: both stay below `end`.)
                    while !pendingHigh && index + 1 < end {
                        let first = values[Int(bytes[index])]
                        let second = values[Int(bytes[index + 1])]
                        guard first | second < 16 else { break }
                        buffer[count] = first << 4 | second
                        count &+= 1
                        index &+= 2
                    }
                    guard index < end else { break }
                    // Otherwise one byte: a digit pairs with the one before it, anything else is skipped.
                    let value = values[Int(bytes[index])]
                    index &+= 1
                    guard value < 16 else { continue }
                    if pendingHigh {
                        buffer[count] = high << 4 | value
                        count &+= 1
                    } else {
                        high = value
                    }
                    pendingHigh.toggle()
                }
                if pendingHigh {
                    buffer[count] = high << 4
                    count += 1
                }
                return Array(UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
        }
        return (decoded, end + 1)
    }

    /// Where `byte` first occurs in `bytes`, found by `memchr`, which compares many bytes per
    /// instruction (a loop costs ~4 per byte).
    @inline(__always)
    private static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base, Int32(byte), bytes.count) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Each byte's value as a hexadecimal digit (`CharacterClass.hexValue`), 0xFF for the others.
    private static let hexDigitValues: [UInt8] = (0...255).map { CharacterClass.hexValue(UInt8($0)) ?? 0xFF }
}
