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
        /// The character is one ASCII byte.
        static let ascii = Flags(rawValue: 1 << 9)
    }

    /// The character's bytes in the text's UTF-8.
    let start: Int
    let end: Int
    let flags: Flags

    /// The characters of `text`, whose UTF-8 is `bytes` and holds some byte that is not
    /// ASCII, written into `units`, whose elements are replaced and whose storage is reused;
    /// `cache` remembers the flags of characters that are not ASCII.
    static func units(
        of text: Substring, bytes: UnsafeBufferPointer<UInt8>, cache: KeyTextCache, into units: inout [KeyTextUnit]
    ) {
        units.removeAll(keepingCapacity: true)
        units.reserveCapacity(bytes.count)
        var index = text.startIndex
        var offset = 0
        while index < text.endIndex {
            let next = text.index(after: index)
            let length = text.utf8.distance(from: index, to: next)
            // A character of one byte is that ASCII byte: its flags come from the table,
            // without making a `Character`.
            let flags = length == 1 ? asciiFlags[Int(bytes[offset])] : cache.flags(of: text[index])
            units.append(KeyTextUnit(start: offset, end: offset + length, flags: flags))
            offset += length
            index = next
        }
    }

    /// The lowercase of an ASCII byte.
    static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// The flags of `character`, from its `Character` properties.
    static func flags(of character: Character) -> Flags {
        var flags: Flags = character.isASCII ? [.ascii] : []
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

    /// The flags of an ASCII character, by byte range: what ``flags(of:)`` answers for it
    /// (KeyTextUnitTests compares the two on all 128), without `Character` properties.
    static func flags(ofASCII byte: UInt8) -> Flags {
        var flags: Flags = [.ascii]
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): flags.formUnion([.letter, .uppercase])
        case UInt8(ascii: "a")...UInt8(ascii: "z"): flags.formUnion([.letter, .lowercase])
        case UInt8(ascii: "0")...UInt8(ascii: "9"): flags.insert(.number)
        case 0x09...0x0D, UInt8(ascii: " "): flags.insert(.whitespace)
        case UInt8(ascii: "#"): flags.insert(.accidental)
        case UInt8(ascii: "'"): flags.insert(.apostrophe)
        case UInt8(ascii: "-"): flags.insert(.hyphen)
        case UInt8(ascii: "_"), UInt8(ascii: "."): flags.insert(.filenameMark)
        default: break
        }
        return flags
    }

    /// The flags of every ASCII character.
    static let asciiFlags: [Flags] = (0..<128).map { flags(ofASCII: UInt8($0)) }
}
