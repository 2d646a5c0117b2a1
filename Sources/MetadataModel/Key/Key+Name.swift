extension Key {
    /// The key with one of the 30 table names, in any usual spelling.
    ///
    /// Case-insensitive; the tonic's accidental may be written `♭`/`♯`, `b`/`#`, `flat`/`sharp`
    /// or `-flat`/`-sharp` (`E♭ major`, `Eb major`, `E-flat major`, `e flat minor`,
    /// `F# minor`); runs of whitespace count as one space. Names outside the table, such as
    /// `D♯ major` (nine sharps), return `nil`, as does anything else.
    ///
    /// - Parameter name: The key's name.
    public init?(name: String) {
        let words = name.lowercased().split(whereSeparator: { $0.isWhitespace })
        guard let modeWord = words.last, words.count >= 2 else { return nil }
        let keymi: Int
        switch modeWord {
        case "major": keymi = 0
        case "minor": keymi = 1
        default: return nil
        }
        // The tonic's words joined by single spaces.
        let tonicName = words.dropLast().joined(separator: " ")
        guard let tonic = Self.tonic(tonicName),
            let key = Key.all.first(where: { $0.keymi == keymi && $0.tonic == tonic })
        else { return nil }
        self = key
    }

    /// Parses a lowercase tonic such as `e`, `eb`, `e♭`, `e-flat`, `e flat`, `f#`.
    private static func tonic(_ text: String) -> Tonic? {
        guard let first = text.first, ("a"..."g").contains(first) else { return nil }
        var rest = text.dropFirst()
        if rest.first == "-" || rest.first == " " {
            // A separator only comes before a spelled-out accidental ("e-flat", "e sharp").
            rest = rest.dropFirst()
            guard rest == "flat" || rest == "sharp" else { return nil }
        }
        let accidental: Int
        switch rest {
        case "": accidental = 0
        case "b", "♭", "flat": accidental = -1
        case "#", "♯", "sharp": accidental = 1
        default: return nil
        }
        return Tonic(letter: Character(first.uppercased()), accidental: accidental)
    }
}
