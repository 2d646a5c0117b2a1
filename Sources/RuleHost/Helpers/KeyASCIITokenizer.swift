/// ``KeyTokenizer``'s rules on ASCII text (nearly every title and filename), byte by byte: each
/// byte's ``KeyTextUnit/Flags`` come from a table, words are byte ranges, a camel-case boundary
/// inside a lowercase run is settled by one byte, and a token's case is noted while its word is
/// scanned, so a title costs one pass and two small strings per token.
///
/// It gives the tokens ``KeyTokenizer/tokens(of:bytes:cache:)`` gives for the same text
/// (KeyASCIITokenizerTests compares the two on random and edge-case ASCII text). "\r\n" is one
/// `Character` but two bytes here; both are whitespace, and a separator made only of whitespace
/// is classified the same either way.
enum KeyASCIITokenizer {
    typealias Flags = KeyTextUnit.Flags

    /// The tokens of ASCII `bytes` (every byte below 0x80), and whether any is uppercase.
    static func tokens(_ bytes: UnsafeBufferPointer<UInt8>) -> (tokens: [KeyToken], hasUppercase: Bool) {
        var tokens: [KeyToken] = []
        let hasUppercase = self.tokens(bytes, into: &tokens)
        return (tokens, hasUppercase)
    }

    /// ``tokens(_:)`` written into `tokens`, whose elements are replaced and whose storage is
    /// reused when it is big enough and not shared; returns whether any byte is uppercase.
    static func tokens(_ bytes: UnsafeBufferPointer<UInt8>, into tokens: inout [KeyToken]) -> Bool {
        KeyTextUnit.asciiFlags.withUnsafeBufferPointer { table in self.tokens(bytes, table: table, into: &tokens) }
    }

    /// ``tokens(_:into:)`` with the flags of each ASCII byte in `table`.
    private static func tokens(
        _ bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<Flags>, into tokens: inout [KeyToken]
    ) -> Bool {
        tokens.removeAll(keepingCapacity: true)
        tokens.reserveCapacity(bytes.count / 2 + 1)
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
                    appendWord(wordStart..<index, of: bytes, table: table, separator: separator.kind, to: &tokens)
                    wordStart = -1
                    separator = KeyTokenizer.SeparatorRun()
                }
                separator.add(flags)
            }
        }
        if wordStart >= 0 {
            appendWord(wordStart..<count, of: bytes, table: table, separator: separator.kind, to: &tokens)
        }
        return hasUppercase
    }

    /// Appends the tokens of the word `word` of `bytes` (split at letter/digit and camel-case
    /// boundaries): the first after `separator` (the text's first token after
    /// ``KeyToken/Separator/start``), the others after ``KeyToken/Separator/none``.
    @inline(__always)
    private static func appendWord(
        _ word: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<Flags>,
        separator: KeyToken.Separator, to tokens: inout [KeyToken]
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
                let kind: KeyToken.Separator = tokens.isEmpty ? .start : pieceStart == word.lowerBound ? separator : .none
                tokens.append(token(pieceStart..<index, of: bytes, hasUppercase: pieceHasUppercase, separator: kind))
                pieceStart = index
                pieceHasUppercase = false
            }
            pieceHasUppercase = pieceHasUppercase || unit.contains(.uppercase)
            previous = unit
            index += 1
        }
        let kind: KeyToken.Separator = tokens.isEmpty ? .start : pieceStart == word.lowerBound ? separator : .none
        tokens.append(token(pieceStart..<word.upperBound, of: bytes, hasUppercase: pieceHasUppercase, separator: kind))
    }

    /// The token of the bytes `piece`, after `separator`: its text, folded to lowercase when
    /// `hasUppercase`.
    @inline(__always)
    private static func token(
        _ piece: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, hasUppercase: Bool, separator: KeyToken.Separator
    ) -> KeyToken {
        let written = UnsafeBufferPointer(rebasing: bytes[piece])
        let text = String(decoding: written, as: UTF8.self)
        let folded =
            hasUppercase
            ? String(unsafeUninitializedCapacity: written.count) { target in
                for (index, byte) in written.enumerated() { target[index] = KeyTextUnit.asciiLowercase(byte) }
                return written.count
            } : text
        let lead = written[0]
        return KeyToken(
            text: text, folded: folded, separator: separator, isLowercase: !hasUppercase,
            isNumber: lead >= UInt8(ascii: "0") && lead <= UInt8(ascii: "9"))
    }
}
