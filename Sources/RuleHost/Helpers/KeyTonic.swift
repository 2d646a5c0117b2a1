/// A tonic found at some token: where it is on the line of fifths and how it was written,
/// which is what ``KeyParser`` weighs as evidence.
struct KeyTonic {
    typealias System = KeyVocabulary.System

    /// Position on the line of fifths (C 0, G 1, F −1, E♭ −3, F♯ 6).
    var fifths: Int
    var system: System
    /// The tokens the tonic covers: one, or two with an accidental word ("E", "flat").
    var start: Int
    var end: Int
    /// A sharp or flat is written, in any form ("Eb", "E♭", "E-flat", "fis", "mi bémol").
    var hasAccidental = false
    /// The accidental is unmistakable: a `#`/`♯`/`♭` symbol or a spelled word ("flat",
    /// "sharp", "bémol", "diesis" …), as opposed to a bare "b" ("Eb", "Ab" are also words).
    var hasSpelledAccidental = false
    /// The mode a chord-style suffix gives ("Dm", "C#m", "Ebmaj"), with the suffix.
    var compactMode: Int?
    var compactSuffix = ""
    /// A single letter and nothing else ("A", "d", "B").
    var isBareLetter = false
    /// The tonic is also an everyday word ("A", "a", "as", "es", "La", "Do", "Mi" …).
    var isAmbiguous = false
    /// The tonic was written in lowercase ("fis", "d").
    var isLowercase = false

    /// Reads a tonic starting at token `index`, or `nil` if there is none.
    static func read(at index: Int, in tokens: [KeyToken]) -> KeyTonic? {
        var folded = tokens[index].folded
        // Most words of a title cannot start a tonic: settle those by length and first byte.
        guard folded.withUTF8({ TonicShape.admits($0) }) else { return nil }
        let token = tokens[index]
        let found = folded.withUTF8 { bytes in
            letterTonic(token, bytes, at: index) ?? germanTonic(token, at: index)
                ?? solfegeTonic(token, bytes, at: index)
        }
        guard var tonic = found else { return nil }
        tonic.isLowercase = token.isLowercase
        // An accidental as its own word: "E flat", "F-sharp", "mi bémol", "Re diesis".
        if !tonic.hasAccidental, tonic.compactMode == nil, index + 1 < tokens.count {
            let next = tokens[index + 1]
            let words: [String: Int] =
                switch tonic.system {
                case .letter: KeyVocabulary.letterAccidentalWords
                case .solfege: KeyVocabulary.solfegeAccidentalWords
                case .german: [:]
                }
            // "a flat …" in running English is an article and an adjective.
            let isArticle = token.text == "a" && next.separator == .space
            if next.separator.links, !isArticle, let shift = words[next.folded] {
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
    /// the token's folded text.
    private static func letterTonic(
        _ token: KeyToken, _ folded: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> KeyTonic? {
        guard let first = folded.first, let base = letters[Int(first)] else { return nil }
        var tonic = KeyTonic(fifths: base, system: .letter, start: index, end: index)
        var rest = folded[1...]
        // Most letter words have no accidental: the first byte after the letter rules them out.
        let mayHaveAccidental = rest.first.map { accidentalFirstBytes[Int($0)] } ?? false
        for (suffix, shift, isLetterB) in mayHaveAccidental ? attachedAccidentals : []
        where rest.starts(with: suffix) {
            // A flat written "b" must be a lowercase b: "EB" is not E♭.
            if isLetterB, token.text.dropFirst().first != "b" { continue }
            tonic.fifths += shift
            tonic.hasAccidental = true
            tonic.hasSpelledAccidental = !isLetterB
            rest = rest.dropFirst(suffix.count)
            break
        }
        if !rest.isEmpty {
            guard let mode = compactModes[rest] else { return nil }
            let suffix = String(decoding: rest, as: UTF8.self)
            // "m" must be lowercase: "CM" or "AM" is not a minor key.
            if suffix == "m", token.text.utf8.last != UInt8(ascii: "m") { return nil }
            tonic.compactMode = mode
            tonic.compactSuffix = suffix
        }
        tonic.isBareLetter = !tonic.hasAccidental && tonic.compactMode == nil
        tonic.isAmbiguous =
            (tonic.isBareLetter && (first == UInt8(ascii: "a") || token.isLowercase))
            || (!tonic.hasAccidental && (tonic.compactSuffix == "m" || tonic.compactSuffix == "min"))
        return tonic
    }

    /// "Es", "fis", "H", "cis", "As", "Ess".
    private static func germanTonic(_ token: KeyToken, at index: Int) -> KeyTonic? {
        guard token.folded.utf8.count <= KeyVocabulary.longestGermanName,
            let fifths = KeyVocabulary.german[token.folded]
        else { return nil }
        var tonic = KeyTonic(fifths: fifths, system: .german, start: index, end: index)
        tonic.hasAccidental = token.folded != "h"
        tonic.isAmbiguous = KeyVocabulary.ambiguousGerman.contains(token.folded)
        return tonic
    }

    /// ``KeyVocabulary/compactModes`` and ``KeyVocabulary/solfege`` by UTF-8.
    private static let compactModes = ByteKeyedTable(KeyVocabulary.compactModes)
    private static let solfege = ByteKeyedTable(KeyVocabulary.solfege)

    /// ``KeyVocabulary/letters`` by byte.
    private static let letters: [Int?] = {
        var table = [Int?](repeating: nil, count: 256)
        for (letter, fifths) in KeyVocabulary.letters { table[Int(letter)] = fifths }
        return table
    }()

    /// The first bytes of ``KeyVocabulary/attachedAccidentals``: a suffix starting with any
    /// other byte has none of them.
    private static let accidentalFirstBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for case let first? in KeyVocabulary.attachedAccidentals.map(\.suffix.utf8.first) { table[Int(first)] = true }
        return table
    }()

    /// ``KeyVocabulary/attachedAccidentals`` as UTF-8, in the same order, marking the flat
    /// written as a plain "b".
    private static let attachedAccidentals = KeyVocabulary.attachedAccidentals.map { accidental in
        (suffix: Array(accidental.suffix.utf8), shift: accidental.shift, isLetterB: accidental.suffix == "b")
    }

    /// "ré", "Sol", "sib", "fa#", "Mi". `folded` is the UTF-8 of the token's folded text.
    private static func solfegeTonic(
        _ token: KeyToken, _ folded: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> KeyTonic? {
        // No syllable is a prefix of another, so at most one matches: "sol" or two letters.
        let isSol = folded.count >= 3 && folded[0] == UInt8(ascii: "s") && folded[1] == UInt8(ascii: "o")
            && folded[2] == UInt8(ascii: "l")
        let length = isSol ? 3 : 2
        guard folded.count >= length, let base = solfege[folded[..<length]] else { return nil }
        let rest = folded[length...]
        var tonic = KeyTonic(fifths: base, system: .solfege, start: index, end: index)
        if !rest.isEmpty {
            guard let shift = KeyVocabulary.solfegeAttachedAccidentals[String(decoding: rest, as: UTF8.self)]
            else { return nil }
            tonic.fifths += shift
            tonic.hasAccidental = true
            tonic.hasSpelledAccidental = !rest.elementsEqual("b".utf8)
        }
        let hasDiacritic = token.folded != token.text.lowercased()
        tonic.isAmbiguous = (!tonic.hasAccidental && !hasDiacritic) || token.folded == "lab"
        return tonic
    }
}

/// What every folded tonic word looks like, worked out from ``KeyVocabulary``: its first byte
/// starts a letter, German or solfège tonic, and it is no longer than the longest spelling the
/// three readers of ``KeyTonic`` accept ("b" + "sharp" + "minor"). A word outside this shape
/// is no tonic, so ``KeyTonic/read(at:in:)`` need not try the readers on it.
private enum TonicShape {
    /// Whether `folded` (a token's folded UTF-8) may be a tonic.
    static func admits(_ folded: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = folded.first, folded.count <= longest else { return false }
        return firstBytes[Int(first)]
    }

    /// Bytes that start a letter tonic, a German name or a solfège syllable.
    private static let firstBytes: [Bool] = {
        var starts = Set(KeyVocabulary.letters.keys)
        for name in KeyVocabulary.german.keys { starts.insert(name.utf8.first!) }
        for syllable in KeyVocabulary.solfege.keys { starts.insert(syllable.utf8.first!) }
        return (0..<256).map { starts.contains(UInt8($0)) }
    }()

    /// The byte length of the longest word any reader accepts.
    private static let longest: Int = {
        func longest<S: Sequence<String>>(_ words: S) -> Int { words.map(\.utf8.count).max() ?? 0 }
        let letter = 1 + longest(KeyVocabulary.attachedAccidentals.map(\.suffix)) + longest(KeyVocabulary.compactModes.keys)
        let solfege = longest(KeyVocabulary.solfege.keys) + longest(KeyVocabulary.solfegeAttachedAccidentals.keys)
        return max(letter, KeyVocabulary.longestGermanName, solfege)
    }()
}

/// A small vocabulary table looked up by UTF-8 bytes: with a handful of short keys, comparing
/// bytes beats making a `String` of the candidate and hashing it (every word of every title
/// is a candidate tonic). Each key (at most seven bytes) is packed with its length into one
/// `UInt64`, so a lookup packs the candidate once and compares integers.
private struct ByteKeyedTable {
    private let packed: [(key: UInt64, value: Int)]

    /// - Precondition: every key of the (built-in) vocabulary `dictionary` has at most 7 bytes.
    init(_ dictionary: [String: Int]) {
        packed = dictionary.map { entry in
            guard let key = Self.pack(entry.key.utf8) else {
                preconditionFailure("ByteKeyedTable: vocabulary key '\(entry.key)' is longer than 7 bytes")
            }
            return (key, entry.value)
        }
    }

    /// The value whose key is exactly `bytes`, or nil.
    subscript(bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
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
