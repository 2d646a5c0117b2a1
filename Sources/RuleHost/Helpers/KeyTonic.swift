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
        let token = tokens[index]
        guard var tonic = letterTonic(token, at: index) ?? germanTonic(token, at: index)
            ?? solfegeTonic(token, at: index)
        else { return nil }
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

    /// "E", "Eb", "E♭", "Eflat", "F#", "C#m", "Ebm", "Dmaj", "Am".
    private static func letterTonic(_ token: KeyToken, at index: Int) -> KeyTonic? {
        guard let first = token.folded.first, let base = KeyVocabulary.letters[first] else { return nil }
        var tonic = KeyTonic(fifths: base, system: .letter, start: index, end: index)
        var rest = token.folded.dropFirst()
        let written = token.text.dropFirst()
        for (suffix, shift) in KeyVocabulary.attachedAccidentals where rest.hasPrefix(suffix) {
            // A flat written "b" must be a lowercase b: "EB" is not E♭.
            if suffix == "b", written.first != "b" { continue }
            tonic.fifths += shift
            tonic.hasAccidental = true
            tonic.hasSpelledAccidental = suffix != "b"
            rest = rest.dropFirst(suffix.count)
            break
        }
        if !rest.isEmpty {
            guard let mode = KeyVocabulary.compactModes[String(rest)] else { return nil }
            // "m" must be lowercase: "CM" or "AM" is not a minor key.
            if rest == "m", token.text.last != "m" { return nil }
            tonic.compactMode = mode
            tonic.compactSuffix = String(rest)
        }
        tonic.isBareLetter = !tonic.hasAccidental && tonic.compactMode == nil
        tonic.isAmbiguous =
            (tonic.isBareLetter && (first == "a" || token.isLowercase))
            || (!tonic.hasAccidental && (tonic.compactSuffix == "m" || tonic.compactSuffix == "min"))
        return tonic
    }

    /// "Es", "fis", "H", "cis", "As", "Ess".
    private static func germanTonic(_ token: KeyToken, at index: Int) -> KeyTonic? {
        guard let fifths = KeyVocabulary.german[token.folded] else { return nil }
        var tonic = KeyTonic(fifths: fifths, system: .german, start: index, end: index)
        tonic.hasAccidental = token.folded != "h"
        tonic.isAmbiguous = KeyVocabulary.ambiguousGerman.contains(token.folded)
        return tonic
    }

    /// "ré", "Sol", "sib", "fa#", "Mi".
    private static func solfegeTonic(_ token: KeyToken, at index: Int) -> KeyTonic? {
        for (syllable, base) in KeyVocabulary.solfege where token.folded.hasPrefix(syllable) {
            let rest = token.folded.dropFirst(syllable.count)
            var tonic = KeyTonic(fifths: base, system: .solfege, start: index, end: index)
            if !rest.isEmpty {
                guard let shift = ["b": -7, "#": 7, "♯": 7, "♭": -7][String(rest)] else { continue }
                tonic.fifths += shift
                tonic.hasAccidental = true
                tonic.hasSpelledAccidental = rest != "b"
            }
            let hasDiacritic = token.folded != token.text.lowercased()
            tonic.isAmbiguous = (!tonic.hasAccidental && !hasDiacritic) || token.folded == "lab"
            return tonic
        }
        return nil
    }
}
