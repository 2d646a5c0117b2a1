/// One character of a title or filename, classified once for ``KeyTokenizer``: where its
/// UTF-8 bytes are and the properties the tokenizer asks about.
struct KeyTextUnit {
    /// The character's properties, as `Character` answers them.
    struct Flags: OptionSet {
        let rawValue: UInt16

        static let letter = Flags(rawValue: 1 << 0)
        static let number = Flags(rawValue: 1 << 1)
        static let uppercase = Flags(rawValue: 1 << 2)
        static let lowercase = Flags(rawValue: 1 << 3)
        static let whitespace = Flags(rawValue: 1 << 4)
        /// `#`, `♯`, `♭`.
        static let accidental = Flags(rawValue: 1 << 5)
        /// `'`, `’`.
        static let apostrophe = Flags(rawValue: 1 << 6)
        /// `-`.
        static let hyphen = Flags(rawValue: 1 << 7)
        /// `_`, `.`.
        static let filenameMark = Flags(rawValue: 1 << 8)
    }

    /// The character's bytes in the text's UTF-8.
    let start: Int
    let end: Int
    let flags: Flags

    /// The characters of `text`, each with where its bytes are in the text's UTF-8.
    static func units(of text: Substring) -> [KeyTextUnit] {
        var units: [KeyTextUnit] = []
        units.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        var offset = 0
        while index < text.endIndex {
            let next = text.index(after: index)
            let length = text.utf8.distance(from: index, to: next)
            units.append(KeyTextUnit(start: offset, end: offset + length, flags: flags(of: text[index])))
            offset += length
            index = next
        }
        return units
    }

    /// The flags of `character`, from its `Character` properties.
    static func flags(of character: Character) -> Flags {
        var flags: Flags = []
        if character.isLetter { flags.insert(.letter) }
        if character.isNumber { flags.insert(.number) }
        if character.isUppercase { flags.insert(.uppercase) }
        if character.isLowercase { flags.insert(.lowercase) }
        if character.isWhitespace { flags.insert(.whitespace) }
        switch character {
        case "#", "♯", "♭": flags.insert(.accidental)
        case "'", "\u{2019}": flags.insert(.apostrophe)
        case "-": flags.insert(.hyphen)
        case "_", ".": flags.insert(.filenameMark)
        default: break
        }
        return flags
    }
}
