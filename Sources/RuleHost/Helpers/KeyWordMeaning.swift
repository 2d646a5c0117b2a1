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
        static let churchMode = Roles(rawValue: 1 << 7)
    }

    var roles: Roles = []
    /// ``KeyVocabulary/englishModes``, ``KeyVocabulary/germanModes``, ``KeyVocabulary/romanceModes``.
    var englishMode: Int?
    var germanMode: Int?
    var romanceMode: Int?
    /// ``KeyVocabulary/dutchModes``.
    var dutchMode: Int?
    /// ``KeyVocabulary/letterAccidentalWords`` and ``KeyVocabulary/solfegeAccidentalWords``.
    var letterAccidental: Int?
    var solfegeAccidental: Int?
    /// ``KeyVocabulary/german``.
    var germanFifths: Int?
}

extension KeyWordMeaning {
    /// The meaning of every word of ``KeyVocabulary``'s lists and tables, by folded word: one
    /// lookup answers every list.
    static let vocabulary: [String: KeyWordMeaning] = {
        var meanings: [String: KeyWordMeaning] = [:]
        let lists: [(Set<String>, Roles)] = [
            (KeyVocabulary.prepositions, .preposition), (KeyVocabulary.continuations, .continuation),
            (KeyVocabulary.instruments, .instrument), (KeyVocabulary.labels, .label),
            (KeyVocabulary.germanMarkers, .germanMarker), (KeyVocabulary.ambiguousGerman, .ambiguousGerman),
            (KeyVocabulary.romanNumerals, .romanNumeral), (KeyVocabulary.churchModes, .churchMode),
        ]
        for (words, role) in lists {
            for word in words { meanings[word, default: KeyWordMeaning()].roles.insert(role) }
        }
        for (word, mode) in KeyVocabulary.englishModes { meanings[word, default: KeyWordMeaning()].englishMode = mode }
        for (word, mode) in KeyVocabulary.germanModes { meanings[word, default: KeyWordMeaning()].germanMode = mode }
        for (word, mode) in KeyVocabulary.romanceModes { meanings[word, default: KeyWordMeaning()].romanceMode = mode }
        for (word, mode) in KeyVocabulary.dutchModes { meanings[word, default: KeyWordMeaning()].dutchMode = mode }
        for (word, shift) in KeyVocabulary.letterAccidentalWords {
            meanings[word, default: KeyWordMeaning()].letterAccidental = shift
        }
        for (word, shift) in KeyVocabulary.solfegeAccidentalWords {
            meanings[word, default: KeyWordMeaning()].solfegeAccidental = shift
        }
        for (word, fifths) in KeyVocabulary.german { meanings[word, default: KeyWordMeaning()].germanFifths = fifths }
        return meanings
    }()
}
