/// The fast path of `ObjectParser` for a dictionary or array that lies whole in the window
/// ahead of the cursor: one pass over the bytes, without tokens, lookahead slots or a call per
/// byte. It reads the usual forms only (plain names, unsigned integers and references,
/// negative integers, reals with one dot, strings, `true`, `false`, `null`, nested
/// containers, whitespace) and gives up, returning nil, on anything else: a comment, a `+` or
/// doubled sign, a second dot, a keyword, a damaged form the parser tolerates (a key without
/// a value, a single `>`), a token that runs past the window, or depth near the cap. The parser then reads the whole
/// container token by token, so both paths give the same object and end at the same byte.
///
/// Each token is read by the lexer's own fast path (`plainName`, `plainInteger`,
/// `plainReferenceTail`, `wholeLiteralString`, `wholeHexString`).
struct ContainerScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    private(set) var index = 0
    /// Where the last token read (the closing delimiter, when done) starts.
    private(set) var lastTokenStart = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The entries after `<<` up to and including `>>`, the items of a dictionary at `depth`.
    mutating func dictionaryBody(depth: Int) -> PDFDictionary? {
        var entries: [PDFDictionary.Entry] = []
        var keyIndex = DictionaryKeyIndex()
        // One bit per key read (`keyBit`): a key whose bit is clear is new, and is not searched for.
        var keysSeen: UInt64 = 0
        // Entries read, repeated keys included: what the parser's cap counts.
        var parsed = 0
        while true {
            guard skipWhitespace() else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { return nil }
                lastTokenStart = index
                index += 2
                return PDFDictionary(uniqueEntries: entries)
            }
            guard byte == UInt8(ascii: "/"), let key = name() else { return nil }
            let bit = keyBit(from: lastTokenStart + 1)
            guard skipWhitespace(), bytes[index] != UInt8(ascii: ">"), let value = value(depth: depth + 1) else { return nil }
            let mayRepeat = keysSeen & bit != 0
            keysSeen |= bit
            if mayRepeat, let position = keyIndex.position(of: key, in: entries) {
                entries[position].value = consume value
            } else {
                if entries.isEmpty { entries.reserveCapacity(ObjectParser.initialDictionaryCapacity) }
                // Indexed first, so that the key moves into the entry rather than being copied.
                keyIndex.added(key, at: entries.count)
                entries.append(PDFDictionary.Entry(key: consume key, value: consume value))
            }
            // Near the parser's cap it reports an error: leave that to it.
            parsed += 1
            guard parsed < ObjectParser.maxContainerCount / 2 else { return nil }
        }
    }

    /// The items after `[` up to and including `]`, of an array at `depth`.
    mutating func arrayBody(depth: Int) -> [PDFObject]? {
        var items: [PDFObject] = []
        while true {
            guard skipWhitespace() else { return nil }
            if bytes[index] == UInt8(ascii: "]") {
                lastTokenStart = index
                index += 1
                return items
            }
            guard let item = value(depth: depth + 1) else { return nil }
            if items.isEmpty { items.reserveCapacity(ObjectParser.initialCapacity) }
            items.append(item)
            guard items.count < ObjectParser.maxContainerCount / 2 else { return nil }
        }
    }

    /// The object at `index` (not whitespace), an item at `depth`.
    private mutating func value(depth: Int) -> PDFObject? {
        guard depth < ObjectParser.maxDepth else { return nil }
        lastTokenStart = index
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "/"):
            return name().map(PDFObject.name)
        case UInt8(ascii: "("):
            return scan(Lexer.wholeLiteralString, after: 1).map(PDFObject.string)
        case UInt8(ascii: "<"):
            guard index + 1 < bytes.count else { return nil }
            if bytes[index + 1] == UInt8(ascii: "<") {
                index += 2
                return dictionaryBody(depth: depth).map(PDFObject.dictionary)
            }
            return scan(Lexer.wholeHexString, after: 1).map(PDFObject.string)
        case UInt8(ascii: "["):
            index += 1
            return arrayBody(depth: depth).map(PDFObject.array)
        case 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: "."):
            return number()
        case UInt8(ascii: "t"):
            return keyword("true", .bool(true))
        case UInt8(ascii: "f"):
            return keyword("false", .bool(false))
        case UInt8(ascii: "n"):
            return keyword("null", .null)
        default:
            return nil
        }
    }

    /// A number: an optional `-`, digits and at most one dot, ended by a byte that cannot
    /// continue it; doubled signs, second dots and overlong numbers are left to the parser.
    private mutating func number() -> PDFObject? {
        let negative = bytes[index] == UInt8(ascii: "-")
        let digitsStart = negative ? index + 1 : index
        var end = digitsStart
        var dots = 0
        // The digits' value, read on the way: the integer, when there is no dot.
        var value = 0
        while end < bytes.count {
            let byte = bytes[end]
            if CharacterClass.isDigit(byte) {
                value = value &* 10 &+ Int(byte &- 0x30)
            } else if byte == UInt8(ascii: ".") {
                dots += 1
            } else {
                break
            }
            end += 1
        }
        guard end > digitsStart, end < bytes.count, end - index < 200, dots <= 1, !Self.continuesNumber(bytes[end]) else { return nil }
        guard dots == 1 else {
            // At most 18 digits, as `Lexer.plainInteger` reads (so `value` did not wrap).
            guard end - digitsStart <= 18 else { return nil }
            guard negative else { return integerOrReference(value, endingAt: end) }
            // `-0` is 0, which the parser then checks for ` G R`: leave it to the parser.
            guard value > 0 else { return nil }
            index = end
            return .integer(-value)
        }
        let real = Lexer.realValue(UnsafeBufferPointer(rebasing: bytes[digitsStart..<end]))
        index = end
        return .real(negative ? -real : real)
    }

    /// The unsigned integer `number` that ends at `numberEnd`, or the reference `N G R` it starts.
    ///
    /// What follows the integer is read once: a plain ` G R` makes a reference. Otherwise the
    /// parser would still read one through a comment, a signed generation or a generation
    /// longer than `plainInteger` reads, so those are left to it. A real next (`.5`,
    /// `595.28`) is never a generation.
    private mutating func integerOrReference(_ number: Int, endingAt numberEnd: Int) -> PDFObject? {
        index = numberEnd
        var ahead = index
        while ahead < bytes.count, CharacterClass.isWhitespace(bytes[ahead]) { ahead += 1 }
        guard ahead < bytes.count else { return nil }
        guard CharacterClass.isDigit(bytes[ahead]) else {
            switch bytes[ahead] {
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "%"): return nil
            default: return .integer(number)
            }
        }
        // A generation as `plainInteger` reads it: at most 18 digits, ended inside the bytes.
        var end = ahead
        var generation = 0
        while end < bytes.count, CharacterClass.isDigit(bytes[end]) {
            guard end - ahead < 18 else { return nil }
            generation = generation &* 10 &+ Int(bytes[end] &- 0x30)
            end += 1
        }
        guard end < bytes.count else { return nil }
        // Digits then a dot, as in `/MediaBox [0 0 595.28 841.89]`.
        if bytes[end] == UInt8(ascii: ".") { return .integer(number) }
        while end < bytes.count, CharacterClass.isWhitespace(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] != UInt8(ascii: "%") else { return nil }
        guard bytes[end] == UInt8(ascii: "R") else { return .integer(number) }
        // `R` then a regular byte (`Rx`) is a keyword: left to the parser.
        guard end + 1 < bytes.count, !CharacterClass.isRegular(bytes[end + 1]) else { return nil }
        index = end + 1
        return .reference(ObjectRef(number, generation))
    }

    /// Whether `byte` right after digits would make the parser read a longer number.
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || CharacterClass.isDigit(byte)
    }

    /// A name after the `/` at `index`.
    private mutating func name() -> PDFName? {
        lastTokenStart = index
        return scan(Lexer.plainName, after: 1)
    }

    /// The bit of a 64-bit set that the name just read, from `start` up to `index`, stands for: a
    /// mix of its length and its first and last bytes. A plain name (what `name()` reads) is
    /// its bytes, so equal names have the same bit, and a key whose bit is not yet in a
    /// dictionary's set is none of its keys.
    private func keyBit(from start: Int) -> UInt64 {
        let length = index - start
        guard length > 0 else { return 1 }
        let mix = length &* 31 &+ Int(bytes[start]) &* 7 &+ Int(bytes[index - 1])
        return 1 << UInt64(mix & 63)
    }

    /// `word` (then a byte that ends it) as `object`.
    private mutating func keyword(_ word: StaticString, _ object: PDFObject) -> PDFObject? {
        let end = index + word.utf8CodeUnitCount
        guard end < bytes.count, !CharacterClass.isRegular(bytes[end]),
              Lexer.spells(UnsafeBufferPointer(rebasing: bytes[index..<end]), word) else { return nil }
        index = end
        return object
    }

    /// Runs a lexer fast path on the bytes `skip` past `index`, and moves past what it took.
    private mutating func scan<Value>(_ body: (UnsafeBufferPointer<UInt8>) -> Lexer.Scan<Value>, after skip: Int) -> Value? {
        guard index + skip < bytes.count, let (value, length) = body(UnsafeBufferPointer(rebasing: bytes[(index + skip)...])) else {
            return nil
        }
        index += skip + length
        return value
    }

    /// Skips whitespace; false at a comment or at the end of the bytes.
    private mutating func skipWhitespace() -> Bool {
        while index < bytes.count, CharacterClass.isWhitespace(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] != UInt8(ascii: "%")
    }
}
