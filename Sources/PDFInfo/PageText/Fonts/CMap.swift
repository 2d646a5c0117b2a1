/// A CMap (ISO 32000-1 §9.7.5; Adobe Technical Notes #5014 and #5411): how a composite font's
/// string bytes split into codes (the codespace ranges), which CID each code selects (an
/// encoding CMap), or which characters it shows (a /ToUnicode CMap).
struct CMap {
    /// A codespace range: codes of `length` bytes whose every byte lies between the bytes of
    /// `low` and `high` in the same place (§9.7.6.2).
    struct CodespaceRange {
        var low: UInt32
        var high: UInt32
        var length: Int

        /// Whether the `length`-byte code `code` lies in the range, byte by byte.
        func contains(_ code: UInt32) -> Bool {
            for place in 0..<length {
                let shift = UInt32(8 * place)
                let byte = (code >> shift) & 0xFF
                guard byte >= (low >> shift) & 0xFF, byte <= (high >> shift) & 0xFF else { return false }
            }
            return true
        }
    }

    /// Codes `low…high` mapping to consecutive values from `first` (CIDs), or to texts whose
    /// last UTF-16 unit counts up from `first`'s (bfrange), or to the texts of `texts` in turn.
    struct Range {
        var low: UInt32
        var high: UInt32
        var firstCID: UInt32 = 0
        var firstText: [UInt16] = []
        var texts: [String]?
    }

    var codespaceRanges: [CodespaceRange] = []
    /// Single codes mapped to a CID (cidchar).
    var cidChars: [UInt32: UInt32] = [:]
    /// Code ranges mapped to CIDs (cidrange), sorted by `low` once read.
    var cidRanges: [Range] = []
    /// Single codes mapped to text (bfchar).
    var textChars: [UInt32: String] = [:]
    /// Code ranges mapped to text (bfrange), sorted by `low` once read.
    var textRanges: [Range] = []
    /// /WMode 1: vertical writing.
    var isVertical = false
    /// Whether codes are their own CIDs where nothing else maps them (Identity-H/V, or a
    /// `usecmap` of one).
    var isIdentity = false

    /// The Identity-H or Identity-V CMap (§9.7.5.2): two-byte codes, each its own CID.
    static func identity(vertical: Bool) -> CMap {
        var cmap = CMap()
        cmap.codespaceRanges = [CodespaceRange(low: 0, high: 0xFFFF, length: 2)]
        cmap.isVertical = vertical
        cmap.isIdentity = true
        return cmap
    }

    /// The codespace of the legacy CJK CMaps (Shift-JIS, EUC, GBK, Big5, UHC): one-byte codes up
    /// to 0x80 (and 0xA0–0xDF, half-width katakana, in Shift-JIS), two-byte codes led by the
    /// other bytes. Their CIDs are unknown here.
    static func legacyMultiByte(shiftJIS: Bool, vertical: Bool) -> CMap {
        var cmap = CMap()
        cmap.codespaceRanges = [CodespaceRange(low: 0x00, high: 0x80, length: 1), CodespaceRange(low: 0x8140, high: 0xFEFE, length: 2)]
        if shiftJIS { cmap.codespaceRanges.append(CodespaceRange(low: 0xA0, high: 0xDF, length: 1)) }
        cmap.isVertical = vertical
        return cmap
    }

    /// The next code in `bytes` from `offset` and its length in bytes: the shortest code that
    /// lies in a codespace range (§9.7.6.2). Bytes that start no code in any range give a code
    /// of the shortest range's length, so that the string stays in step; with no codespace
    /// ranges, codes are two bytes long.
    func code(in bytes: [UInt8], at offset: Int) -> (code: UInt32, length: Int) {
        var code: UInt32 = 0
        var shortest = 4
        for length in 1...4 where offset + length <= bytes.count {
            code = code << 8 | UInt32(bytes[offset + length - 1])
            for range in codespaceRanges where range.length == length {
                if range.contains(code) { return (code, length) }
            }
        }
        for range in codespaceRanges { shortest = min(shortest, range.length) }
        if codespaceRanges.isEmpty { shortest = 2 }
        let length = min(shortest, bytes.count - offset)
        var fallback: UInt32 = 0
        for index in 0..<length { fallback = fallback << 8 | UInt32(bytes[offset + index]) }
        return (fallback, max(length, 1))
    }

    /// The CID `code` selects; nil when the CMap does not map it.
    func cid(for code: UInt32) -> UInt32? {
        if let cid = cidChars[code] { return cid }
        if let range = Self.range(containing: code, in: cidRanges) { return range.firstCID &+ (code - range.low) }
        return isIdentity ? code : nil
    }

    /// The text `code` shows; nil when the CMap does not map it.
    func text(for code: UInt32) -> String? {
        if let text = textChars[code] { return text }
        guard let range = Self.range(containing: code, in: textRanges) else { return nil }
        let offset = Int(code - range.low)
        if let texts = range.texts { return offset < texts.count ? texts[offset] : nil }
        guard var units = range.firstText.isEmpty ? nil : range.firstText else { return nil }
        units[units.count - 1] = units[units.count - 1] &+ UInt16(truncatingIfNeeded: offset)
        return Self.text(utf16: units)
    }

    /// The range holding `code` among `ranges`, sorted by `low`: the last one starting at or
    /// before `code`, or one of the few before it when ranges overlap.
    private static func range(containing code: UInt32, in ranges: [Range]) -> Range? {
        var lower = 0, upper = ranges.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if ranges[middle].low <= code { lower = middle + 1 } else { upper = middle }
        }
        var index = lower - 1
        let stop = max(lower - 8, 0)
        while index >= stop {
            if ranges[index].high >= code { return ranges[index] }
            index -= 1
        }
        return nil
    }

    /// Text from UTF-16 code units; unpaired surrogates become U+FFFD. Decoded scalar by
    /// scalar into the string: most texts are one or two scalars, and building them so costs
    /// less than the standard library's transcoding of a whole buffer.
    static func text(utf16 units: [UInt16]) -> String {
        var text = ""
        var decoder = UTF16()
        var iterator = units.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .error: text.unicodeScalars.append("\u{FFFD}")
            case .emptyInput: return text
            }
        }
    }
}
