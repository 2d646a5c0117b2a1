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

    /// The characters of `text`, each with where its bytes are in `bytes`, the text's UTF-8.
    static func units(of text: Substring, bytes: [UInt8]) -> [KeyTextUnit] {
        var units: [KeyTextUnit] = []
        units.reserveCapacity(bytes.count)
        var offset = 0
        while offset < bytes.count {
            // An ASCII byte followed by another ASCII byte (or the end) is a character of its
            // own, but for "\r\n": read from the byte, without Unicode's grapheme breaking.
            let byte = bytes[offset]
            let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
            if byte < 0x80, next < 0x80, !(byte == 0x0D && next == 0x0A) {
                units.append(KeyTextUnit(start: offset, end: offset + 1, flags: asciiFlags[Int(byte)]))
                offset += 1
                continue
            }
            // Only here is the String index needed: a character that Unicode's grapheme
            // breaking delimits.
            let index = text.utf8.index(text.startIndex, offsetBy: offset)
            let after = text.index(after: index)
            let length = text.utf8.distance(from: index, to: after)
            units.append(KeyTextUnit(start: offset, end: offset + length, flags: flags(of: text[index])))
            offset += length
        }
        return units
    }

    /// The flags of `character`, from its `Character` properties (for a character that is one
    /// ASCII byte, from the byte: what the properties say of it, without asking them).
    static func flags(of character: Character) -> Flags {
        if let byte = character.asciiValue { return asciiFlags[Int(byte)] }
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

    /// The flags of each ASCII character.
    private static let asciiFlags: [Flags] = (0..<128).map { byte in
        var flags: Flags = []
        switch UInt8(byte) {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): flags = [.letter, .uppercase]
        case UInt8(ascii: "a")...UInt8(ascii: "z"): flags = [.letter, .lowercase]
        case UInt8(ascii: "0")...UInt8(ascii: "9"): flags = [.number]
        case 0x09...0x0D, UInt8(ascii: " "): flags = [.whitespace]
        case UInt8(ascii: "#"): flags = [.accidental]
        case UInt8(ascii: "'"): flags = [.apostrophe]
        case UInt8(ascii: "-"): flags = [.hyphen]
        case UInt8(ascii: "_"), UInt8(ascii: "."): flags = [.filenameMark]
        default: break
        }
        return flags
    }
}
