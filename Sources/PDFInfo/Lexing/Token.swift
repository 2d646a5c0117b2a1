/// One lexical token of PDF syntax (ISO 32000-1 §7.2, §7.3).
enum Token: Equatable {
    case integer(Int)
    case real(Double)
    case string([UInt8])
    case name(PDFName)
    /// A bare word: `obj`, `endobj`, `stream`, `R`, `true`, `null`, `xref`, `trailer`, an
    /// operator of a content stream, …
    case keyword(Keyword)
    case arrayOpen
    case arrayClose
    case dictionaryOpen
    case dictionaryClose
    case endOfInput

    /// Whether this token is the keyword `word`.
    func isKeyword(_ word: Keyword) -> Bool {
        guard case .keyword(let read) = self else { return false }
        return read == word
    }
}

/// A bare word of PDF or PostScript syntax. Most are one to eight bytes (`R`, `obj`, `Tf`,
/// `endobj`): those are held as one number, their bytes first to last from the high end, so
/// that reading, comparing and telling one (`ContentOperator`) allocates nothing and checks
/// no UTF-8. A longer word (`begincodespacerange`) is held as text.
struct Keyword: Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The bytes of a word of at most `maxPackedLength` bytes, each shifted in from the low
    /// end (no byte of a word is 0, which is whitespace, so no two words share a value); 0
    /// for a longer word.
    let packed: UInt64
    /// The text of a longer word (invalid UTF-8 repaired); nil for a packed one.
    private let long: String?
    static let maxPackedLength = 8

    /// The word spelled `bytes`.
    init<Bytes: Collection<UInt8>>(bytes: Bytes) {
        if bytes.count <= Self.maxPackedLength {
            self.init(packed: bytes.reduce(0) { $0 << 8 | UInt64($1) }, long: nil)
        } else {
            self.init(packed: 0, long: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The word of at most `maxPackedLength` bytes whose bytes `packed` holds.
    init(packed: UInt64) {
        self.init(packed: packed, long: nil)
    }

    private init(packed: UInt64, long: String?) {
        self.packed = packed
        self.long = long
    }

    init(stringLiteral value: String) {
        if value.utf8.count <= Self.maxPackedLength {
            self.init(bytes: value.utf8)
        } else {
            self.init(packed: 0, long: value)
        }
    }

    /// The word as text.
    var description: String {
        if let long { return long }
        var bytes: [UInt8] = []
        var rest = packed
        while rest != 0 {
            bytes.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
        return String(decoding: bytes.reversed(), as: UTF8.self)
    }
}
