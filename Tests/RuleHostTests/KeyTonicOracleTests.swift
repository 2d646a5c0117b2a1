import Testing

@testable import RuleHost

/// ``KeyTonic/read(at:in:)`` against the reader it replaced (``KeyTonicOracle``: vocabulary
/// looked up through `KeyVocabulary`'s dictionaries and byte arrays, on ``KeyToken``s), on every
/// token of the generated key-like titles of ``KeyTokenizerOracleTests``: through the words the
/// tokens make (``KeyWords/init(tokens:)``) and, for ASCII text, through ``KeyASCIITokenizer``'s.
struct KeyTonicOracleTests {
    @Test func readsEveryTokenAsTheOracle() {
        let cache = KeyTextCache()
        var tonics = 0
        for text in KeyTokenizerOracleTests.texts(count: 6_000) + KeyParserGoldenTests.texts() {
            let (tokens, _) = KeyTokenizer.tokens(KeyTokenizer.stripFileSuffixes(text), cache: cache)
            let words = KeyWords(tokens: tokens)
            let asciiWords = Self.asciiWords(text)
            #expect(asciiWords.map { $0.count == tokens.count } ?? true, "\(text.debugDescription)")
            for index in tokens.indices {
                let expected = KeyTonicOracle.read(at: index, in: tokens)
                let tonic = KeyTonic.read(at: index, in: words).map(KeyTonicOracle.Reading.init)
                #expect(tonic == expected, "\(text.debugDescription) token \(index)")
                if let asciiWords, index < asciiWords.count {
                    let fast = KeyTonic.read(at: index, in: asciiWords).map(KeyTonicOracle.Reading.init)
                    #expect(fast == expected, "\(text.debugDescription) ASCII token \(index)")
                }
                if tonic != nil { tonics += 1 }
            }
        }
        // Thousands of tokens are tonics, so the comparison covers every reader.
        #expect(tonics > 3_000)
    }

    /// ``KeyASCIITokenizer``'s words of `text` after its file suffixes, when it is ASCII.
    static func asciiWords(_ text: String) -> KeyWords? {
        guard text.isAllASCII else { return nil }
        var (text, words) = (text, KeyWords())
        _ = text.withUTF8 { KeyTokenizer.words(asciiTitle: UnsafeRawBufferPointer($0), into: &words) }
        return words
    }
}

/// The tonic reader before it looked its vocabulary up by packed bytes and byte tables.
enum KeyTonicOracle {
    /// Every field of a ``KeyTonic``, comparable.
    struct Reading: Equatable {
        var fifths: Int, system: KeyVocabulary.System, start: Int, end: Int
        var hasAccidental: Bool, hasSpelledAccidental: Bool, compactMode: Int?, compactSuffix: String
        var isBareLetter: Bool, isAmbiguous: Bool, isLowercase: Bool

        init(_ tonic: KeyTonic) {
            (fifths, system, start, end) = (tonic.fifths, tonic.system, tonic.start, tonic.end)
            (hasAccidental, hasSpelledAccidental) = (tonic.hasAccidental, tonic.hasSpelledAccidental)
            (compactMode, compactSuffix) = (tonic.compactMode, tonic.compactSuffix?.rawValue ?? "")
            (isBareLetter, isAmbiguous, isLowercase) = (tonic.isBareLetter, tonic.isAmbiguous, tonic.isLowercase)
        }
    }

    static func read(at index: Int, in tokens: [KeyToken]) -> Reading? {
        let token = tokens[index]
        let folded = Array(token.folded.utf8)
        guard var tonic = letterTonic(token, folded[...], at: index) ?? germanTonic(token, at: index)
            ?? solfegeTonic(token, folded[...], at: index)
        else { return nil }
        tonic.isLowercase = token.isLowercase
        if !tonic.hasAccidental, tonic.compactMode == nil, index + 1 < tokens.count {
            let next = tokens[index + 1]
            let words: [String: Int] =
                switch tonic.system {
                case .letter: KeyVocabulary.letterAccidentalWords
                case .solfege: KeyVocabulary.solfegeAccidentalWords
                case .german: [:]
                }
            let isArticle = token.text == "a" && next.separator == .space
            if next.separator.links, !isArticle, let shift = words[next.folded] {
                tonic.fifths += shift
                tonic.end = index + 1
                (tonic.hasAccidental, tonic.hasSpelledAccidental) = (true, true)
                (tonic.isBareLetter, tonic.isAmbiguous) = (false, false)
            }
        }
        return Reading(tonic)
    }

    private static func lookUp(_ table: [String: Int], _ bytes: ArraySlice<UInt8>) -> Int? {
        table.first { Array($0.key.utf8) == Array(bytes) }?.value
    }

    private static func letterTonic(_ token: KeyToken, _ folded: ArraySlice<UInt8>, at index: Int) -> KeyTonic? {
        guard let first = folded.first, let base = KeyVocabulary.letters[first] else { return nil }
        var tonic = KeyTonic(fifths: base, system: .letter, start: index, end: index)
        var rest = folded.dropFirst()
        for (suffix, shift) in KeyVocabulary.attachedAccidentals where rest.starts(with: suffix.utf8) {
            if suffix == "b", token.text.dropFirst().first != "b" { continue }
            tonic.fifths += shift
            tonic.hasAccidental = true
            tonic.hasSpelledAccidental = suffix != "b"
            rest = rest.dropFirst(suffix.utf8.count)
            break
        }
        if !rest.isEmpty {
            guard let mode = lookUp(KeyVocabulary.compactModes, rest) else { return nil }
            let suffix = String(decoding: rest, as: UTF8.self)
            if suffix == "m", token.text.utf8.last != UInt8(ascii: "m") { return nil }
            tonic.compactMode = mode
            tonic.compactSuffix = KeyTonic.CompactSuffix(rawValue: suffix)
        }
        tonic.isBareLetter = !tonic.hasAccidental && tonic.compactMode == nil
        tonic.isAmbiguous =
            (tonic.isBareLetter && (first == UInt8(ascii: "a") || token.isLowercase))
            || (!tonic.hasAccidental && (tonic.compactSuffix == .m || tonic.compactSuffix == .min))
        return tonic
    }

    private static func germanTonic(_ token: KeyToken, at index: Int) -> KeyTonic? {
        guard let fifths = KeyVocabulary.german[token.folded] else { return nil }
        var tonic = KeyTonic(fifths: fifths, system: .german, start: index, end: index)
        tonic.hasAccidental = token.folded != "h"
        tonic.isAmbiguous = KeyVocabulary.ambiguousGerman.contains(token.folded)
        return tonic
    }

    private static func solfegeTonic(_ token: KeyToken, _ folded: ArraySlice<UInt8>, at index: Int) -> KeyTonic? {
        let length = folded.starts(with: "sol".utf8) ? 3 : 2
        guard folded.count >= length, let base = lookUp(KeyVocabulary.solfege, folded.prefix(length)) else {
            return nil
        }
        let rest = folded.dropFirst(length)
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
