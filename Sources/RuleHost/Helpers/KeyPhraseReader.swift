import MetadataModel

/// Applies ``KeyParser``'s rules of evidence to the tokens of one text.
struct KeyPhraseReader {
    typealias Vocabulary = KeyVocabulary

    let tokens: [KeyToken]
    /// An all-lowercase text says nothing by case, so "canon_in_d" is D major.
    let isAllLowercase: Bool
    /// In a German title a plain "B" is B♭. Asked only about a bare B, so not worked out ahead.
    var isGerman: Bool { tokens.contains { Vocabulary.germanMarkers.contains($0.folded) } }
    /// The tonic that starts at each token, if any, read once for both kinds of evidence.
    private let tonics: [KeyTonic?]

    init(tokens: [KeyToken], isAllLowercase: Bool) {
        self.tokens = tokens
        self.isAllLowercase = isAllLowercase
        self.tonics = tokens.indices.map { KeyTonic.read(at: $0, in: tokens) }
    }

    /// The leftmost key with strong evidence: a mode word, an unmistakable spelling, or "in".
    func strongKey() -> Key? {
        for index in tokens.indices {
            guard let tonic = tonics[index] else { continue }
            if let mode = modeWord(after: tonic) {
                let germanB = tonic.isBareB(tokens) && Vocabulary.germanModes[tokens[tonic.end + 1].folded] != nil
                return KeyParser.key(fifths: germanB ? -2 : tonic.fifths, mode: mode)
            }
            if isInstrumentPart(tonic) { continue }
            if isUnmistakable(tonic) {
                return KeyParser.key(fifths: tonic.fifths, mode: tonic.compactMode ?? 0)
            }
            if followsPreposition(tonic), !tonic.isAmbiguous || isConfirmed(tonic) {
                return KeyParser.key(fifths: fifths(of: tonic), mode: modeAfterPreposition(tonic))
            }
        }
        return nil
    }

    /// A letter tonic as the last word, when nothing stronger was found.
    func trailingKey() -> Key? {
        guard let last = tokens.indices.last else { return nil }
        guard
            let tonic = (max(last - 1, 0)...last).lazy.compactMap({ tonics[$0] }).first(where: { $0.end == last }),
            tonic.system == .letter, !isInstrumentPart(tonic)
        else { return nil }
        let marked = tonic.hasAccidental || tonic.compactMode != nil
        if tonic.start == 0 {
            guard marked else { return nil }
        } else {
            let previous = tokens[tonic.start - 1]
            let isInitial = previous.text.count == 1 && previous.text.first?.isLetter == true
            if isInitial || Vocabulary.labels.contains(previous.folded)
                || Vocabulary.prepositions.contains(previous.folded)
                || Vocabulary.instruments.contains(previous.folded)
            {
                return nil
            }
            if tokens[tonic.start].separator == .space, !tonic.hasAccidental { return nil }
        }
        return KeyParser.key(fifths: fifths(of: tonic), mode: tonic.compactMode ?? 0)
    }

    // MARK: - Evidence

    /// The mode named by the word right after the tonic, if it is a mode word of its system.
    private func modeWord(after tonic: KeyTonic) -> Int? {
        let index = tonic.end + 1
        guard tonic.compactMode == nil, index < tokens.count, tokens[index].separator.links else { return nil }
        let word = tokens[index].folded
        switch tonic.system {
        case .letter: return Vocabulary.englishModes[word] ?? Vocabulary.germanModes[word]
        case .german: return Vocabulary.germanModes[word]
        case .solfege: return Vocabulary.romanceModes[word]
        }
    }

    /// Spellings that are never ordinary words: "F#", "E♭", "E-flat", "Ebm", "Dmaj", "mi bémol".
    private func isUnmistakable(_ tonic: KeyTonic) -> Bool {
        switch tonic.system {
        case .letter:
            return tonic.hasSpelledAccidental
                || (tonic.compactMode != nil && tonic.hasAccidental)
                || ["maj", "major", "minor"].contains(tonic.compactSuffix)
        case .solfege:
            return tonic.hasSpelledAccidental
        case .german:
            return false
        }
    }

    /// Whether "in", "en" or "key of" comes right before the tonic.
    private func followsPreposition(_ tonic: KeyTonic) -> Bool {
        let index = tonic.start
        guard index >= 1, tokens[index].separator.links else { return false }
        let previous = tokens[index - 1].folded
        if previous == "in" { return true }
        if previous == "en" { return tonic.system == .solfege }
        return previous == "of" && index >= 2 && tokens[index - 2].folded == "key"
            && tonic.system == .letter && tokens[index - 1].separator.links
    }

    /// Whether what follows an ambiguous tonic shows that it ends a key phrase.
    private func isConfirmed(_ tonic: KeyTonic) -> Bool {
        let index = tonic.end + 1
        guard index < tokens.count else { return true }
        let next = tokens[index]
        if next.separator == .hard || next.isNumber || Vocabulary.continuations.contains(next.folded) {
            return true
        }
        // A catalogue letter before its number: "in A D 959", "in c K. 457".
        return next.text.count == 1 && index + 1 < tokens.count && tokens[index + 1].isNumber
    }

    /// "Clarinet in Bb", "Horn 2 in F", "Bb Trumpet": the letter names a transposition.
    private func isInstrumentPart(_ tonic: KeyTonic) -> Bool {
        if tonic.end + 1 < tokens.count, Vocabulary.instruments.contains(tokens[tonic.end + 1].folded) {
            return true
        }
        var index = tonic.start - 1
        if index >= 0, Vocabulary.prepositions.contains(tokens[index].folded) { index -= 1 }
        var skipped = 0
        while index >= 0, skipped < 2, tokens[index].isNumber || Self.romanNumerals.contains(tokens[index].folded) {
            index -= 1
            skipped += 1
        }
        return index >= 0 && Vocabulary.instruments.contains(tokens[index].folded)
    }

    /// The mode of a tonic after "in" with no mode word.
    private func modeAfterPreposition(_ tonic: KeyTonic) -> Int {
        if let mode = tonic.compactMode { return mode }
        let caseSpeaks = tonic.isBareLetter || tonic.system == .german
        return caseSpeaks && tonic.isLowercase && !isAllLowercase ? 1 : 0
    }

    /// The tonic's fifths, reading a plain "B" as B♭ in German titles.
    private func fifths(of tonic: KeyTonic) -> Int {
        tonic.isBareB(tokens) && isGerman ? -2 : tonic.fifths
    }

    private static let romanNumerals: Set<String> = ["i", "ii", "iii", "iv"]
}

extension KeyTonic {
    /// Whether the tonic is a plain letter B, which German reads as B♭.
    func isBareB(_ tokens: [KeyToken]) -> Bool {
        system == .letter && isBareLetter && tokens[start].folded == "b"
    }
}
