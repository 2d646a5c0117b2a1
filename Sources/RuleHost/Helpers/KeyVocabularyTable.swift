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
    static let shared = KeyVocabularyTable(KeyVocabularyTable.meanings())

    /// Slots, a power of two at least twice the words, with the meaning of each.
    private let keys: [Packed]
    private let values: [KeyWordMeaning]
    private let mask: Int

    /// - Precondition: every word of the (built-in) vocabulary has 1 to 15 bytes.
    init(_ meanings: [String: KeyWordMeaning]) {
        var size = 16
        while size < 2 * meanings.count { size *= 2 }
        var keys = [Packed](repeating: .empty, count: size)
        var values = [KeyWordMeaning](repeating: KeyWordMeaning(), count: size)
        for (word, meaning) in meanings {
            guard let packed = Array(word.utf8).withUnsafeBufferPointer(Self.pack) else {
                preconditionFailure("KeyVocabularyTable: '\(word)' is empty or longer than 15 bytes")
            }
            var slot = Self.slot(of: packed, mask: size - 1)
            while keys[slot] != .empty { slot = (slot + 1) & (size - 1) }
            keys[slot] = packed
            values[slot] = meaning
        }
        (self.keys, self.values, mask) = (keys, values, size - 1)
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

    /// Every word of ``KeyVocabulary``'s lists and tables, with what they say of it.
    static func meanings() -> [String: KeyWordMeaning] {
        var meanings: [String: KeyWordMeaning] = [:]
        func add<Value>(_ table: [String: Value], _ set: (inout KeyWordMeaning, Value) -> Void) {
            for (word, value) in table { set(&meanings[word, default: KeyWordMeaning()], value) }
        }
        func add(_ words: Set<String>, _ role: KeyWordMeaning.Roles) {
            add(Dictionary(uniqueKeysWithValues: words.map { ($0, role) })) { $0.roles.insert($1) }
        }
        add(KeyVocabulary.prepositions, .preposition)
        add(KeyVocabulary.continuations, .continuation)
        add(KeyVocabulary.instruments, .instrument)
        add(KeyVocabulary.labels, .label)
        add(KeyVocabulary.germanMarkers, .germanMarker)
        add(KeyVocabulary.ambiguousGerman, .ambiguousGerman)
        add(KeyVocabulary.romanNumerals, .romanNumeral)
        add(KeyVocabulary.englishModes) { $0.englishMode = $1 }
        add(KeyVocabulary.germanModes) { $0.germanMode = $1 }
        add(KeyVocabulary.romanceModes) { $0.romanceMode = $1 }
        add(KeyVocabulary.letterAccidentalWords) { $0.letterAccidental = $1 }
        add(KeyVocabulary.solfegeAccidentalWords) { $0.solfegeAccidental = $1 }
        add(KeyVocabulary.german) { $0.germanFifths = $1 }
        return meanings
    }
}
