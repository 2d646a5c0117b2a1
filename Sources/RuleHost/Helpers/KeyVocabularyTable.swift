/// What ``KeyVocabulary`` says of one folded word: the lists it is in and the values its
/// tables give it.
struct KeyWordMeaning: Equatable {
    /// The word lists of ``KeyVocabulary`` that hold the word.
    struct Roles: OptionSet {
        let rawValue: UInt8

        static let preposition = Roles(rawValue: 1 << 0)
        static let continuation = Roles(rawValue: 1 << 1)
        static let instrument = Roles(rawValue: 1 << 2)
        static let label = Roles(rawValue: 1 << 3)
        static let germanMarker = Roles(rawValue: 1 << 4)
        static let ambiguousGerman = Roles(rawValue: 1 << 5)
        static let romanNumeral = Roles(rawValue: 1 << 6)
    }

    var roles: Roles = []
    /// ``KeyVocabulary/englishModes``, ``KeyVocabulary/germanModes``, ``KeyVocabulary/romanceModes``.
    var englishMode: Int?
    var germanMode: Int?
    var romanceMode: Int?
    /// ``KeyVocabulary/letterAccidentalWords`` and ``KeyVocabulary/solfegeAccidentalWords``.
    var letterAccidental: Int?
    var solfegeAccidental: Int?
    /// ``KeyVocabulary/german``.
    var germanFifths: Int?
}

/// ``KeyVocabulary``'s lists and tables as one table looked up by a word's folded UTF-8: one
/// lookup answers every list, without making a `String` of the word (every word of every
/// title is looked up). Each word (at most 15 bytes) is packed with its length into two
/// integers, found by open addressing.
///
/// Answers are by bytes; the lists' `String` answers are by canonical equivalence. The two
/// agree, because every listed word but "♭" and "♯" is ASCII, and no other Unicode text is
/// canonically equivalent to ASCII letters (KeyVocabularyTableTests compares them).
struct KeyVocabularyTable {
    /// A word of at most 15 bytes: bytes 0–7 in `low`, 8–14 and the length in `high`.
    private struct Packed: Equatable {
        var low: UInt64
        var high: UInt64

        /// An empty slot: no word packs so, as its length is not 0.
        static let empty = Packed(low: 0, high: 0)
    }

    /// The table built from ``KeyVocabulary``.
    static let shared = KeyVocabularyTable()

    /// Slots, a power of two at least twice the words, with the meaning of each.
    private var keys: [Packed]
    private var values: [KeyWordMeaning]
    private let mask: Int

    /// The table of every word of ``KeyVocabulary``'s lists and tables, with what they say of
    /// it: each word packed and put in its slot, without a dictionary of strings on the way.
    private init() {
        let lists = [
            KeyVocabulary.prepositions, KeyVocabulary.continuations, KeyVocabulary.instruments, KeyVocabulary.labels,
            KeyVocabulary.germanMarkers, KeyVocabulary.ambiguousGerman, KeyVocabulary.romanNumerals,
        ]
        let tables = [
            KeyVocabulary.englishModes, KeyVocabulary.germanModes, KeyVocabulary.romanceModes,
            KeyVocabulary.letterAccidentalWords, KeyVocabulary.solfegeAccidentalWords, KeyVocabulary.german,
        ]
        // Room for every entry of every list, so at least twice the distinct words.
        let entries = lists.reduce(0) { $0 + $1.count } + tables.reduce(0) { $0 + $1.count }
        var size = 16
        while size < 2 * entries { size *= 2 }
        (keys, values, mask) = (Array(repeating: .empty, count: size), Array(repeating: KeyWordMeaning(), count: size), size - 1)
        let roles: [KeyWordMeaning.Roles] = [
            .preposition, .continuation, .instrument, .label, .germanMarker, .ambiguousGerman, .romanNumeral,
        ]
        for (words, role) in zip(lists, roles) {
            for word in words { add(word) { $0.roles.insert(role) } }
        }
        for (word, mode) in KeyVocabulary.englishModes { add(word) { $0.englishMode = mode } }
        for (word, mode) in KeyVocabulary.germanModes { add(word) { $0.germanMode = mode } }
        for (word, mode) in KeyVocabulary.romanceModes { add(word) { $0.romanceMode = mode } }
        for (word, shift) in KeyVocabulary.letterAccidentalWords { add(word) { $0.letterAccidental = shift } }
        for (word, shift) in KeyVocabulary.solfegeAccidentalWords { add(word) { $0.solfegeAccidental = shift } }
        for (word, fifths) in KeyVocabulary.german { add(word) { $0.germanFifths = fifths } }
    }

    /// Gives `word` its slot, if it has none, and lets `update` change its meaning.
    ///
    /// - Precondition: `word` has 1 to 15 bytes (the built-in vocabulary does).
    private mutating func add(_ word: String, _ update: (inout KeyWordMeaning) -> Void) {
        var word = word
        guard let packed = word.withUTF8(Self.pack) else {
            preconditionFailure("KeyVocabularyTable: '\(word)' is empty or longer than 15 bytes")
        }
        var slot = Self.slot(of: packed, mask: mask)
        while keys[slot] != .empty, keys[slot] != packed { slot = (slot + 1) & mask }
        keys[slot] = packed
        update(&values[slot])
    }

    /// The meaning of the word whose folded UTF-8 is `bytes`, or nil for an unlisted word.
    subscript(bytes: UnsafeBufferPointer<UInt8>) -> KeyWordMeaning? {
        guard let packed = Self.pack(bytes) else { return nil }
        var slot = Self.slot(of: packed, mask: mask)
        while true {
            let key = keys[slot]
            if key == packed { return values[slot] }
            if key == .empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// `bytes` and their count as two integers, or nil when empty or past 15 bytes.
    @inline(__always)
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> Packed? {
        guard !bytes.isEmpty, bytes.count <= 15 else { return nil }
        var packed = Packed(low: 0, high: UInt64(bytes.count) << 56)
        for index in bytes.indices {
            let byte = UInt64(bytes[index])
            if index < 8 {
                packed.low |= byte << (8 * UInt64(index))
            } else {
                packed.high |= byte << (8 * UInt64(index - 8))
            }
        }
        return packed
    }

    /// The first slot to look in for `packed`.
    @inline(__always)
    private static func slot(of packed: Packed, mask: Int) -> Int {
        let mixed = (packed.low &* 0x9E37_79B9_7F4A_7C15) ^ (packed.high &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: mixed >> 40) & mask
    }
}
