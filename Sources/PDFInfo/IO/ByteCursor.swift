/// A forward-moving read position over a `ByteSource` that loads the file in windows,
/// so the lexer can walk bytes one at a time without copying the file.
///
/// A value, held inside the lexer that walks it: a parse allocates one object (the parser),
/// not three, and a short parse (a trailer, a `startxref` value) spends less on allocation
/// and release than on reading.
struct ByteCursor {
    let source: ByteSource
    private var window: [UInt8] = []
    private var windowStart = 0
    /// `position` counted from `windowStart`: the index in `window` of the next byte when the
    /// window holds it. Kept rather than the absolute offset, so that reading a byte is one
    /// comparison with the window's count and one load.
    private var index: Int

    init(source: ByteSource, position: Int) {
        self.source = source
        index = position
    }

    /// The absolute offset of the next byte.
    var position: Int {
        @inline(__always) get { windowStart + index }
        @inline(__always) set { index = newValue - windowStart }
    }

    /// Moves `count` bytes forward.
    @inline(__always)
    mutating func advance(by count: Int = 1) {
        index += count
    }

    /// The byte at `position`, or nil at the end of the source.
    @inline(__always)
    mutating func peek() throws(PDFError) -> UInt8? {
        // One unsigned comparison tells both ends: a negative index is a large unsigned one.
        if UInt(bitPattern: index) < UInt(bitPattern: window.count) { return window[index] }
        return try load()
    }

    /// The byte `distance` past `position`, or nil past the end.
    mutating func peek(ahead distance: Int) throws(PDFError) -> UInt8? {
        let saved = position
        defer { position = saved }
        position += distance
        return try peek()
    }

    /// Returns the byte at `position` and moves past it.
    @inline(__always)
    mutating func next() throws(PDFError) -> UInt8? {
        guard let byte = try peek() else { return nil }
        index += 1
        return byte
    }

    /// The window that holds `position` and the index of `position` in it, for a parser that
    /// scans a run of bytes in place; empty at the end of the source.
    mutating func windowBytes() throws(PDFError) -> (bytes: [UInt8], index: Int) {
        guard try peek() != nil else { return ([], 0) }
        return (window, index)
    }

    /// The bytes from `start` up to `position`: a slice of the window when it holds them all
    /// (a token just read, almost always), else read from the source.
    mutating func bytes(from start: Int) throws(PDFError) -> ArraySlice<UInt8> {
        let lower = start - windowStart
        if lower >= 0, index <= window.count, lower <= index {
            return window[lower..<index]
        }
        return ArraySlice(try source.read(start..<position))
    }

    private mutating func load() throws(PDFError) -> UInt8? {
        let position = position
        guard position >= 0, position < source.count else { return nil }
        (windowStart, window) = try source.window(containing: position)
        index = position - windowStart
        return index >= 0 && index < window.count ? window[index] : nil
    }
}

/// PDF character classes (ISO 32000-1 §7.2.2). Every whitespace and delimiter byte is below
/// 128: each class is a bit set over those bytes, so telling a byte is a shift and a mask
/// rather than a chain of comparisons (the lexer asks for every byte it reads).
enum CharacterClass {
    /// NUL, TAB, LF, FF, CR and space, as bits of the bytes 0–63.
    private static let whitespace: UInt64 = 1 << 0x00 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x0D | 1 << 0x20
    /// `%`, `(`, `)`, `/`, `<`, `>`, as bits of the bytes 0–63.
    private static let delimitersBelow64: UInt64 = 1 << 0x25 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2F | 1 << 0x3C | 1 << 0x3E
    /// `[`, `]`, `{`, `}`, as bits of the bytes 64–127.
    private static let delimitersFrom64: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte < 64 && whitespace &>> UInt64(byte) & 1 != 0
    }

    @inline(__always)
    static func isDelimiter(_ byte: UInt8) -> Bool {
        if byte < 64 { return delimitersBelow64 &>> UInt64(byte) & 1 != 0 }
        return byte < 128 && delimitersFrom64 &>> UInt64(byte - 64) & 1 != 0
    }

    @inline(__always)
    static func isRegular(_ byte: UInt8) -> Bool {
        if byte < 64 { return (whitespace | delimitersBelow64) &>> UInt64(byte) & 1 == 0 }
        return byte >= 128 || delimitersFrom64 &>> UInt64(byte - 64) & 1 == 0
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The value of a hexadecimal digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
