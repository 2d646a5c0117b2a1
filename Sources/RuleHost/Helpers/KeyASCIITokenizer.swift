/// ``KeyTokenizer``'s rules on ASCII text (nearly every title and filename), byte by byte,
/// straight into ``KeyWords``: each byte's ``KeyTextUnit/Flags`` come from a table, words are
/// byte ranges of the text's lowercase (which is how ASCII folds), a camel-case boundary
/// inside a lowercase run is settled by one byte, and a word's case and facts are noted while
/// it is scanned. No string is made: a title costs one pass.
///
/// It gives the words ``KeyWords/init(tokens:)`` gives for the tokens of
/// ``KeyTokenizer/tokens(of:bytes:cache:)`` (KeyASCIITokenizerTests compares the two on random
/// and edge-case ASCII text). "\r\n" is one `Character` but two bytes here; both are
/// whitespace, and a separator made only of whitespace is classified the same either way.
enum KeyASCIITokenizer {
    typealias Flags = KeyTextUnit.Flags

    /// The words of ASCII `bytes` (every byte below 0x80), and whether any is uppercase.
    static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (words: KeyWords, hasUppercase: Bool) {
        var words = KeyWords()
        let hasUppercase = self.words(bytes, into: &words)
        return (words, hasUppercase)
    }

    /// ``words(_:)`` written into `words`, whose words are replaced and whose storage is
    /// reused when it is big enough and not shared; returns whether any byte is uppercase.
    static func words(_ bytes: UnsafeBufferPointer<UInt8>, into words: inout KeyWords) -> Bool {
        words.reset(lowercasing: bytes)
        return KeyTextUnit.asciiFlags.withUnsafeBufferPointer { table in self.words(bytes, table: table, into: &words) }
    }

    /// ``words(_:into:)`` with the flags of each ASCII byte in `table`.
    private static func words(
        _ bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<Flags>, into words: inout KeyWords
    ) -> Bool {
        var separator = KeyTokenizer.SeparatorRun()
        var hasUppercase = false
        var wordStart = -1  // the first byte of the current word, or -1 between words
        let count = bytes.count
        for index in 0..<count {
            let flags = table[Int(bytes[index])]
            hasUppercase = hasUppercase || flags.contains(.uppercase)
            let belongs = KeyTokenizer.belongsToWord(
                flags, inWord: wordStart >= 0, previous: { table[Int(bytes[index - 1])] },
                next: { index + 1 < count ? table[Int(bytes[index + 1])] : [] })
            if belongs {
                if wordStart < 0 { wordStart = index }
            } else {
                if wordStart >= 0 {
                    appendWord(wordStart..<index, of: bytes, table: table, separator: separator.kind, to: &words)
                    wordStart = -1
                    separator = KeyTokenizer.SeparatorRun()
                }
                separator.add(flags)
            }
        }
        if wordStart >= 0 {
            appendWord(wordStart..<count, of: bytes, table: table, separator: separator.kind, to: &words)
        }
        return hasUppercase
    }

    /// Appends the words of the run `word` of `bytes` (split at letter/digit and camel-case
    /// boundaries): the first after `separator` (the text's first word after
    /// ``KeyToken/Separator/start``), the others after ``KeyToken/Separator/none``.
    @inline(__always)
    private static func appendWord(
        _ word: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<Flags>,
        separator: KeyToken.Separator, to words: inout KeyWords
    ) {
        var pieceStart = word.lowerBound
        var previous = table[Int(bytes[pieceStart])]
        var pieceHasUppercase = previous.contains(.uppercase)
        var index = pieceStart + 1
        while index < word.upperBound {
            let unit = table[Int(bytes[index])]
            // A lowercase letter after a letter never starts a piece (the common case).
            let isBoundary =
                unit.contains(.lowercase) && previous.contains(.letter)
                ? false
                : KeyTokenizer.isCamelBoundary(previous, unit, next: index + 1 < word.upperBound ? table[Int(bytes[index + 1])] : [])
            if isBoundary {
                let kind: KeyToken.Separator = words.count == 0 ? .start : pieceStart == word.lowerBound ? separator : .none
                append(pieceStart..<index, of: bytes, table: table, hasUppercase: pieceHasUppercase, separator: kind, to: &words)
                pieceStart = index
                pieceHasUppercase = false
            }
            pieceHasUppercase = pieceHasUppercase || unit.contains(.uppercase)
            previous = unit
            index += 1
        }
        let kind: KeyToken.Separator = words.count == 0 ? .start : pieceStart == word.lowerBound ? separator : .none
        append(pieceStart..<word.upperBound, of: bytes, table: table, hasUppercase: pieceHasUppercase, separator: kind, to: &words)
    }

    /// Appends the word of the bytes `piece`, after `separator`, with the facts of its bytes
    /// (one byte is one `Character`; ASCII has no diacritics).
    @inline(__always)
    private static func append(
        _ piece: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<Flags>, hasUppercase: Bool,
        separator: KeyToken.Separator, to words: inout KeyWords
    ) {
        let lead = bytes[piece.lowerBound]
        var facts: KeyWords.Facts = hasUppercase ? [] : .lowercase
        if lead >= UInt8(ascii: "0") && lead <= UInt8(ascii: "9") { facts.insert(.number) }
        if piece.count == 1 {
            facts.insert(.singleCharacter)
            if table[Int(lead)].contains(.letter) { facts.insert(.singleLetter) }
            if lead == UInt8(ascii: "a") { facts.insert(.isLowercaseA) }
        } else if bytes[piece.lowerBound + 1] == UInt8(ascii: "b") {
            facts.insert(.secondIsLowercaseB)
        }
        if bytes[piece.upperBound - 1] == UInt8(ascii: "m") { facts.insert(.endsWithLowercaseM) }
        words.append(piece, separator: separator, facts: facts)
    }
}
