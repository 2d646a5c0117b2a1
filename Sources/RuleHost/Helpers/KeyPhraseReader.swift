import MetadataModel

/// Applies ``KeyParser``'s rules of evidence to the words of one text.
struct KeyPhraseReader {
    let words: KeyWords
    /// After "in", an all-lowercase text says nothing by case: "canon_in_d" is D major, as
    /// lowercased filenames are; a key letter at the end keeps the convention ("fugue_c").
    let isAllLowercase: Bool
    /// In a German title a plain "B" is B♭. Asked only about a bare B, so not worked out ahead.
    var isGerman: Bool { (0..<words.count).contains { words.folded($0, isA: .germanMarker) } }

    init(words: KeyWords) {
        self.words = words
        isAllLowercase = (0..<words.count).allSatisfy { words[$0].facts.contains(.lowercase) }
    }

    /// The key of the text: the leftmost with strong evidence, else weak evidence at its end.
    func key() -> Key? {
        // The scan for strong evidence reads the tonic of every word when it finds none; weak
        // evidence asks about the last two, so they are kept rather than read again.
        var lastTwo: (KeyTonic?, KeyTonic?) = (nil, nil)
        let tables = KeyTonicTables.shared
        for index in 0..<words.count {
            let tonic = KeyTonic.read(at: index, in: words, tables: tables)
            if index == words.count - 2 { lastTwo.0 = tonic }
            if index == words.count - 1 { lastTwo.1 = tonic }
            if let tonic, let key = strongKey(at: tonic) { return key }
        }
        return trailingKey(lastTwo)
    }

    /// The key that strong evidence at `tonic` gives: a mode word, an unmistakable spelling,
    /// or "in".
    private func strongKey(at tonic: KeyTonic) -> Key? {
        if isCatalogueSuffix(tonic) || isChurchMode(after: tonic) { return nil }
        if let mode = modeWord(after: tonic) {
            let germanB = tonic.isBareB(words) && words.meaning(tonic.end + 1)?.germanMode != nil
            return KeyParser.key(fifths: germanB ? -2 : tonic.fifths, mode: mode)
        }
        if isInstrumentPart(tonic) { return nil }
        if isUnmistakable(tonic) {
            return KeyParser.key(fifths: tonic.fifths, mode: tonic.compactMode ?? 0)
        }
        if followsPreposition(tonic), !tonic.isAmbiguous || isConfirmed(tonic) {
            return KeyParser.key(fifths: fifths(of: tonic), mode: isAllLowercase ? tonic.compactMode ?? 0 : modeByCase(tonic))
        }
        return nil
    }

    /// A letter tonic as the last word, when nothing stronger was found; `lastTwo` are the
    /// tonics that start at the last two words (the last alone in a text of one word).
    private func trailingKey(_ lastTwo: (KeyTonic?, KeyTonic?)) -> Key? {
        guard words.count > 0 else { return nil }
        let last = words.count - 1
        // The earlier of the two when it runs to the end ("E flat"), else the last.
        let ending = lastTwo.0?.end == last ? lastTwo.0 : lastTwo.1?.end == last ? lastTwo.1 : nil
        guard let tonic = ending, tonic.system == .letter, !isInstrumentPart(tonic), !isCatalogueSuffix(tonic)
        else { return nil }
        // A text that is only a tonic names that key ("F", "Bb", "d", "Ebm").
        if tonic.start > 0 {
            let previous = tonic.start - 1
            let isInitial = words[previous].facts.contains(.singleLetter)
            let roles = words.meaning(previous)?.roles ?? []
            if isInitial || !roles.isDisjoint(with: [.label, .preposition, .instrument]) { return nil }
            // After a space or inside a camel-case word ("Plan A", "SixStudiesA") a plain letter is
            // a label; an accidental makes it a key ("Autumn Leaves Bb").
            let separator = words[tonic.start].separator
            if separator == .space || separator == .none, !tonic.hasAccidental { return nil }
        }
        return KeyParser.key(fifths: fifths(of: tonic), mode: modeByCase(tonic))
    }

    // MARK: - Evidence

    /// A letter glued or hyphened to the number before it is part of a catalogue or section
    /// number: "Op. 71a", "BWV 1006a", "KV 397 (385g)", "No. 2b", "RV 706-d".
    private func isCatalogueSuffix(_ tonic: KeyTonic) -> Bool {
        let separator = words[tonic.start].separator
        return tonic.isBareLetter && tonic.start > 0 && (separator == .none || separator == .joiner)
            && words[tonic.start - 1].facts.contains(.number)
    }

    /// "in D dorian", "Mixolydian G": a church mode, which forScore's keys do not name.
    private func isChurchMode(after tonic: KeyTonic) -> Bool {
        let next = tonic.end + 1
        return next < words.count && words[next].separator.links && words.folded(next, isA: .churchMode)
    }

    /// The mode named by the word right after the tonic, if it is a mode word of its system.
    private func modeWord(after tonic: KeyTonic) -> Int? {
        let index = tonic.end + 1
        guard tonic.compactMode == nil, index < words.count, words[index].separator.links,
            let meaning = words.meaning(index)
        else { return nil }
        switch tonic.system {
        case .letter: return meaning.englishMode ?? meaning.germanMode ?? meaning.dutchMode ?? meaning.romanceMode
        // "as", "es", "des" are also words ("as major", "es mayor"): only Dur/Moll, groot/klein.
        case .german: return meaning.germanMode ?? meaning.dutchMode ?? (tonic.isAmbiguous ? nil : meaning.romanceMode)
        case .solfege: return meaning.romanceMode
        }
    }

    /// Spellings that are never ordinary words: "F#", "E♭", "E-flat", "Ebm", "Dmaj", "mi bémol".
    private func isUnmistakable(_ tonic: KeyTonic) -> Bool {
        switch tonic.system {
        case .letter:
            switch tonic.compactSuffix {
            case .maj, .major, .minor: return true
            case .m, .min, nil: return tonic.hasSpelledAccidental || (tonic.compactMode != nil && tonic.hasAccidental)
            }
        case .solfege:
            return tonic.hasSpelledAccidental
        case .german:
            return false
        }
    }

    /// Whether "in", "en" or "key of" comes right before the tonic.
    private func followsPreposition(_ tonic: KeyTonic) -> Bool {
        let index = tonic.start
        guard index >= 1, words[index].separator.links else { return false }
        let previous = index - 1
        if words.folded(previous, is: "in") { return true }
        if words.folded(previous, is: "en") { return tonic.system == .solfege }
        return words.folded(previous, is: "of") && index >= 2 && words.folded(index - 2, is: "key")
            && tonic.system == .letter && words[previous].separator.links
    }

    /// Whether what follows an ambiguous tonic shows that it ends a key phrase.
    private func isConfirmed(_ tonic: KeyTonic) -> Bool {
        let index = tonic.end + 1
        guard index < words.count else { return true }
        let next = words[index]
        if next.separator == .hard || next.facts.contains(.number) || words.folded(index, isA: .continuation) {
            return true
        }
        // A catalogue letter before its number: "in A D 959", "in c K. 457".
        return next.facts.contains(.singleCharacter) && index + 1 < words.count
            && words[index + 1].facts.contains(.number)
    }

    /// "Clarinet in Bb", "Horn 2 in F", "Bb Trumpet": the letter names a transposition.
    private func isInstrumentPart(_ tonic: KeyTonic) -> Bool {
        let next = tonic.end + 1
        if next < words.count, words[next].separator.links, words.folded(next, isA: .instrument) {
            return true
        }
        var index = tonic.start - 1
        if index >= 0, words.folded(index, isA: .preposition) { index -= 1 }
        var skipped = 0
        while index >= 0, skipped < 2, words[index].facts.contains(.number) || words.folded(index, isA: .romanNumeral) {
            index -= 1
            skipped += 1
        }
        return index >= 0 && words.folded(index, isA: .instrument)
    }

    /// The mode of a tonic with no mode word: a chord suffix's, else minor for a lowercase
    /// letter or German name ("Fuge in g", "fugue_c", "Messe in h", "in fis"), else major.
    private func modeByCase(_ tonic: KeyTonic) -> Int {
        if let mode = tonic.compactMode { return mode }
        let caseSpeaks = tonic.isBareLetter || tonic.system == .german
        return caseSpeaks && tonic.isLowercase ? 1 : 0
    }

    /// The tonic's fifths, reading a plain "B" as B♭ in German titles.
    private func fifths(of tonic: KeyTonic) -> Int {
        tonic.isBareB(words) && isGerman ? -2 : tonic.fifths
    }
}

extension KeyTonic {
    /// Whether the tonic is a plain letter B, which German reads as B♭.
    func isBareB(_ words: KeyWords) -> Bool {
        system == .letter && isBareLetter && words.folded(start, is: "b")
    }
}
