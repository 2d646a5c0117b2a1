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

    /// The words of ASCII `bytes` (every byte below 0x80), written into `words`, whose words
    /// are replaced and whose storage is reused when it is big enough and not shared; returns
    /// whether any byte is uppercase.
    static func words(_ bytes: UnsafeBufferPointer<UInt8>, into words: inout KeyWords) -> Bool {
        words.reset(lowercasing: bytes)
        return KeyTextUnit.asciiFlags.withUnsafeBufferPointer { table in self.words(bytes, table: table, into: &words) }
    }

    /// ``words(_:into:)`` with the flags of each ASCII byte in `table`, in one pass: a word's
    /// pieces (split at letter/digit and camel-case boundaries) are appended as the word is
    /// read. The `next` flags a boundary looks at are those of the following byte even at the
    /// word's end, where ``KeyTokenizer`` looks at none: a boundary asks only whether `next` is
    /// a lowercase letter, and a letter after a word's byte is always in the word.
    private static func words(
        _ bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<Flags>, into words: inout KeyWords
    ) -> Bool {
        var separator = KeyTokenizer.SeparatorRun()
        var hasUppercase = false
        var wordStart = -1  // the first byte of the current word, or -1 between words
        var pieceStart = 0  // the first byte of the current piece of the word
        var pieceHasUppercase = false
        var previous: Flags = []  // the flags of the byte before `index`
        let count = bytes.count
        var index = 0

        /// Appends the piece that ends before `end`: the word's first after `separator` (the
        /// text's first word after ``KeyToken/Separator/start``), the others after nothing.
        func appendPiece(endingAt end: Int, to words: inout KeyWords) {
            let kind: KeyToken.Separator = words.count == 0 ? .start : pieceStart == wordStart ? separator.kind : .none
            append(pieceStart..<end, of: bytes, table: table, hasUppercase: pieceHasUppercase, separator: kind, to: &words)
        }

        while index < count {
            let flags = table[Int(bytes[index])]
            // The common cases, settled by the byte and the one before: a lowercase letter
            // after a letter, or a digit after a digit, goes on with the word and its piece (no
            // boundary, no uppercase); between words, a byte that is no letter or digit adds to
            // the separator (an accidental or apostrophe belongs to a word only inside one).
            if wordStart >= 0 {
                if (flags.contains(.lowercase) && previous.contains(.letter))
                    || (flags.contains(.number) && previous.contains(.number))
                {
                    previous = flags
                    index += 1
                    continue
                }
            } else if flags.isDisjoint(with: [.letter, .number]) {
                separator.add(flags)
                previous = flags
                index += 1
                continue
            }
            hasUppercase = hasUppercase || flags.contains(.uppercase)
            let next = index + 1 < count ? table[Int(bytes[index + 1])] : []
            if KeyTokenizer.belongsToWord(flags, inWord: wordStart >= 0, previous: { previous }, next: { next }) {
                if wordStart < 0 {
                    wordStart = index
                    pieceStart = index
                    pieceHasUppercase = false
                } else if KeyTokenizer.isCamelBoundary(previous, flags, next: next) {
                    appendPiece(endingAt: index, to: &words)
                    pieceStart = index
                    pieceHasUppercase = false
                }
                pieceHasUppercase = pieceHasUppercase || flags.contains(.uppercase)
            } else {
                if wordStart >= 0 {
                    appendPiece(endingAt: index, to: &words)
                    wordStart = -1
                    separator = KeyTokenizer.SeparatorRun()
                }
                separator.add(flags)
            }
            previous = flags
            index += 1
        }
        if wordStart >= 0 { appendPiece(endingAt: count, to: &words) }
        return hasUppercase
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
