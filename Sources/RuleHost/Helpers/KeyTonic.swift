/// A tonic found at some word: where it is on the line of fifths and how it was written,
/// which is what ``KeyParser`` weighs as evidence.
struct KeyTonic {
    typealias System = KeyVocabulary.System

    /// Position on the line of fifths (C 0, G 1, F −1, E♭ −3, F♯ 6).
    var fifths: Int
    var system: System
    /// The words the tonic covers: one, or two with an accidental word ("E", "flat").
    var start: Int
    var end: Int
    /// A sharp or flat is written, in any form ("Eb", "E♭", "E-flat", "fis", "mi bémol").
    var hasAccidental = false
    /// The accidental is unmistakable: a `#`/`♯`/`♭` symbol or a spelled word ("flat",
    /// "sharp", "bémol", "diesis" …), as opposed to a bare "b" ("Eb", "Ab" are also words).
    var hasSpelledAccidental = false
    /// The mode a chord-style suffix gives ("Dm", "C#m", "Ebmaj"), with the suffix.
    var compactMode: Int?
    var compactSuffix: CompactSuffix?
    /// A single letter and nothing else ("A", "d", "B").
    var isBareLetter = false
    /// The tonic is also an everyday word ("A", "a", "as", "es", "La", "Do", "Mi" …).
    var isAmbiguous = false
    /// The tonic was written in lowercase ("fis", "d").
    var isLowercase = false

    /// A chord-style mode suffix, as ``KeyVocabulary/compactModes`` spells it (a plain value,
    /// so that a tonic is copied without reference counting).
    enum CompactSuffix: String {
        case m, min, maj, major, minor
    }

    /// Reads a tonic starting at word `index`, or `nil` if there is none. A caller reading many
    /// words fetches `tables` once and passes them (a static table costs a call each time it
    /// is fetched).
    static func read(at index: Int, in words: KeyWords, tables: KeyTonicTables = .shared) -> KeyTonic? {
        let word = words[index]
        let found = words.withFolded(index) { folded -> KeyTonic? in
            // Most words of a title cannot start a tonic: each reader is tried only on words
            // whose first byte and length it may accept.
            guard let first = folded.first else { return nil }
            let readers = tables.readers[Int(first)]
            if readers.contains(.letter), folded.count <= tables.longest.letter,
                let tonic = letterTonic(word, folded, at: index, tables)
            {
                return tonic
            }
            if readers.contains(.german), folded.count <= tables.longest.german,
                let tonic = germanTonic(folded, meaning: words.meaning(index), at: index)
            {
                return tonic
            }
            guard readers.contains(.solfege), folded.count <= tables.longest.solfege else { return nil }
            return solfegeTonic(word, folded, at: index, tables)
        }
        guard var tonic = found else { return nil }
        tonic.isLowercase = word.facts.contains(.lowercase)
        // An accidental as its own word: "E flat", "F-sharp", "mi bémol", "Re diesis".
        if !tonic.hasAccidental, tonic.compactMode == nil, index + 1 < words.count, tonic.system != .german {
            let next = words[index + 1]
            // "a flat …" in running English is an article and an adjective.
            let isArticle = word.facts.contains(.isLowercaseA) && next.separator == .space
            if next.separator.links, !isArticle, let meaning = words.meaning(index + 1),
                let shift = tonic.system == .letter ? meaning.letterAccidental : meaning.solfegeAccidental
            {
                tonic.fifths += shift
                tonic.end = index + 1
                tonic.hasAccidental = true
                tonic.hasSpelledAccidental = true
                tonic.isBareLetter = false
                tonic.isAmbiguous = false
            }
        }
        return tonic
    }

    /// "E", "Eb", "E♭", "Eflat", "F#", "C#m", "Ebm", "Dmaj", "Am". `folded` is the UTF-8 of
    /// the word's folded text, and starts with a letter tonic.
    private static func letterTonic(
        _ word: KeyWords.Word, _ folded: UnsafeBufferPointer<UInt8>, at index: Int, _ tables: KeyTonicTables
    ) -> KeyTonic? {
        let first = folded[0]
        var tonic = KeyTonic(fifths: tables.letters[Int(first)], system: .letter, start: index, end: index)
        var rest = folded[1...]
        // Most letter words have no accidental: the first byte after the letter rules them out.
        let mayHaveAccidental = rest.first.map { tables.accidentalFirstBytes[Int($0)] } ?? false
        for (suffix, shift, isLetterB) in mayHaveAccidental ? tables.attachedAccidentals : []
        where rest.starts(with: suffix) {
            // A flat written "b" must be a lowercase b: "EB" is not E♭.
            if isLetterB, !word.facts.contains(.secondIsLowercaseB) { continue }
            tonic.fifths += shift
            tonic.hasAccidental = true
            tonic.hasSpelledAccidental = !isLetterB
            rest = rest.dropFirst(suffix.count)
            break
        }
        if !rest.isEmpty {
            guard let (mode, suffix) = tables.compactModes[rest] else { return nil }
            // "m" must be lowercase: "CM" or "AM" is not a minor key.
            if suffix == .m, !word.facts.contains(.endsWithLowercaseM) { return nil }
            tonic.compactMode = mode
            tonic.compactSuffix = suffix
        }
        tonic.isBareLetter = !tonic.hasAccidental && tonic.compactMode == nil
        tonic.isAmbiguous =
            (tonic.isBareLetter && (first == UInt8(ascii: "a") || word.facts.contains(.lowercase)))
            || (!tonic.hasAccidental && (tonic.compactSuffix == .m || tonic.compactSuffix == .min))
        return tonic
    }

    /// "Es", "fis", "H", "cis", "As", "Ess". `folded` is the UTF-8 of the word's folded text.
    private static func germanTonic(
        _ folded: UnsafeBufferPointer<UInt8>, meaning: KeyWordMeaning?, at index: Int
    ) -> KeyTonic? {
        guard let meaning, let fifths = meaning.germanFifths else { return nil }
        var tonic = KeyTonic(fifths: fifths, system: .german, start: index, end: index)
        tonic.hasAccidental = !(folded.count == 1 && folded[0] == UInt8(ascii: "h"))
        tonic.isAmbiguous = meaning.roles.contains(.ambiguousGerman)
        return tonic
    }

    /// "ré", "Sol", "sib", "fa#", "Mi". `folded` is the UTF-8 of the word's folded text.
    private static func solfegeTonic(
        _ word: KeyWords.Word, _ folded: UnsafeBufferPointer<UInt8>, at index: Int, _ tables: KeyTonicTables
    ) -> KeyTonic? {
        // No syllable is a prefix of another, so at most one matches: "sol" or two letters.
        let isSol = folded.count >= 3 && folded[0] == UInt8(ascii: "s") && folded[1] == UInt8(ascii: "o")
            && folded[2] == UInt8(ascii: "l")
        let length = isSol ? 3 : 2
        guard folded.count >= length, let base = tables.solfege[folded[..<length]] else { return nil }
        let rest = folded[length...]
        var tonic = KeyTonic(fifths: base, system: .solfege, start: index, end: index)
        if !rest.isEmpty {
            guard let shift = tables.solfegeAttachedAccidentals[rest] else { return nil }
            tonic.fifths += shift
            tonic.hasAccidental = true
            tonic.hasSpelledAccidental = !rest.elementsEqual("b".utf8)
        }
        tonic.isAmbiguous =
            (!tonic.hasAccidental && !word.facts.contains(.hasDiacritic)) || folded.elementsEqual("lab".utf8)
        return tonic
    }
}

/// ``KeyTonic``'s tables, worked out from ``KeyVocabulary`` once (a caller reading many words
/// fetches ``shared`` once and passes it on).
struct KeyTonicTables: Sendable {
    /// The readers of ``KeyTonic`` that a word may be worth trying.
    struct Readers: OptionSet {
        let rawValue: UInt8

        static let letter = Readers(rawValue: 1 << 0)
        static let german = Readers(rawValue: 1 << 1)
        static let solfege = Readers(rawValue: 1 << 2)
    }

    static let shared = KeyTonicTables()

    /// The readers whose tonics start with each byte.
    fileprivate let readers: [Readers]
    /// The byte length of the longest word each reader accepts: a letter with an accidental
    /// and a suffix ("b" + "sharp" + "minor"), a German name, a syllable with an accidental.
    fileprivate let longest: (letter: Int, german: Int, solfege: Int)
    /// ``KeyVocabulary/letters`` by byte (0 for bytes that start no letter tonic).
    fileprivate let letters: [Int]
    /// The first bytes of ``KeyVocabulary/attachedAccidentals``: a suffix starting with any
    /// other byte has none of them.
    fileprivate let accidentalFirstBytes: [Bool]
    /// ``KeyVocabulary/attachedAccidentals`` as UTF-8, in the same order, marking the flat
    /// written as a plain "b".
    fileprivate let attachedAccidentals: [(suffix: [UInt8], shift: Int, isLetterB: Bool)]
    /// ``KeyVocabulary/compactModes``, with each suffix's ``KeyTonic/CompactSuffix``.
    fileprivate let compactModes: ByteKeyedTable<(Int, KeyTonic.CompactSuffix)>
    fileprivate let solfege: ByteKeyedTable<Int>
    fileprivate let solfegeAttachedAccidentals: ByteKeyedTable<Int>

    private init() {
        var readers = [Readers](repeating: [], count: 256)
        var letters = [Int](repeating: 0, count: 256)
        for (letter, fifths) in KeyVocabulary.letters {
            readers[Int(letter)].insert(.letter)
            letters[Int(letter)] = fifths
        }
        for name in KeyVocabulary.german.keys { readers[Int(name.utf8.first!)].insert(.german) }
        for syllable in KeyVocabulary.solfege.keys { readers[Int(syllable.utf8.first!)].insert(.solfege) }
        func longestOf<S: Sequence<String>>(_ words: S) -> Int { words.map(\.utf8.count).max() ?? 0 }
        longest = (
            letter: 1 + longestOf(KeyVocabulary.attachedAccidentals.map(\.suffix)) + longestOf(KeyVocabulary.compactModes.keys),
            german: KeyVocabulary.longestGermanName,
            solfege: longestOf(KeyVocabulary.solfege.keys) + longestOf(KeyVocabulary.solfegeAttachedAccidentals.keys)
        )
        (self.readers, self.letters) = (readers, letters)
        var accidentalFirstBytes = [Bool](repeating: false, count: 256)
        for accidental in KeyVocabulary.attachedAccidentals { accidentalFirstBytes[Int(accidental.suffix.utf8.first!)] = true }
        self.accidentalFirstBytes = accidentalFirstBytes
        attachedAccidentals = KeyVocabulary.attachedAccidentals.map { accidental in
            (suffix: Array(accidental.suffix.utf8), shift: accidental.shift, isLetterB: accidental.suffix == "b")
        }
        compactModes = ByteKeyedTable(
            KeyVocabulary.compactModes.reduce(into: [String: (Int, KeyTonic.CompactSuffix)]()) { table, entry in
                guard let suffix = KeyTonic.CompactSuffix(rawValue: entry.key) else {
                    preconditionFailure("KeyTonic.CompactSuffix lacks the suffix '\(entry.key)'")
                }
                table[entry.key] = (entry.value, suffix)
            })
        solfege = ByteKeyedTable(KeyVocabulary.solfege)
        solfegeAttachedAccidentals = ByteKeyedTable(KeyVocabulary.solfegeAttachedAccidentals)
    }
}

/// A small vocabulary table looked up by UTF-8 bytes: with a handful of short keys, comparing
/// bytes beats making a `String` of the candidate and hashing it (every word of every title
/// is a candidate tonic). Each key (at most seven bytes) is packed with its length into one
/// `UInt64`, so a lookup packs the candidate once and compares integers.
private struct ByteKeyedTable<Value: Sendable>: Sendable {
    private let packed: [(key: UInt64, value: Value)]

    /// - Precondition: every key of the (built-in) vocabulary `dictionary` has at most 7 bytes.
    init(_ dictionary: [String: Value]) {
        packed = dictionary.map { entry in
            guard let key = Self.pack(entry.key.utf8) else {
                preconditionFailure("ByteKeyedTable: vocabulary key '\(entry.key)' is longer than 7 bytes")
            }
            return (key, entry.value)
        }
    }

    /// The value whose key is exactly `bytes`, or nil.
    subscript(bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Value? {
        // No key is longer than seven bytes, so neither is a match.
        guard let key = Self.pack(bytes) else { return nil }
        for entry in packed where entry.key == key { return entry.value }
        return nil
    }

    /// `bytes` and their count in one integer (count in the top byte), or nil past seven bytes.
    private static func pack<C: Collection<UInt8>>(_ bytes: C) -> UInt64? {
        guard bytes.count <= 7 else { return nil }
        var value = UInt64(bytes.count) << 56
        var shift: UInt64 = 0
        for byte in bytes {
            value |= UInt64(byte) << shift
            shift += 8
        }
        return value
    }
}
