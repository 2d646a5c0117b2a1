/// A key signature and mode as forScore stores it: MIDI-style `keysf` (sharps positive, flats
/// negative) and `keymi` (0 major, 1 minor), named as in pdf-metadata.txt's key table.
///
/// Exactly the 30 table entries exist: keysf −7…7 × keymi 0…1. `D minor` is keysf −1, not +1.
public struct Key: Sendable, Hashable {
    /// Sharps (1…7) or flats (−1…−7) in the key signature; 0 for none.
    public let keysf: Int
    /// 0 for major, 1 for minor.
    public let keymi: Int

    /// The key for a keysf/keymi pair, or `nil` outside keysf −7…7, keymi 0…1.
    public init?(keysf: Int, keymi: Int) {
        guard (-7...7).contains(keysf), (0...1).contains(keymi) else { return nil }
        self.keysf = keysf
        self.keymi = keymi
    }

    /// Whether the key is minor.
    public var isMinor: Bool { keymi == 1 }

    /// forScore's Unicode spelling, e.g. `E♭ major`, `F♯ minor`.
    public var name: String { tonic.name(ascii: false) + (isMinor ? " minor" : " major") }

    /// The same name with `b` and `#`, e.g. `Eb major`, `F# minor`.
    public var asciiName: String { tonic.name(ascii: true) + (isMinor ? " minor" : " major") }

    /// The 30 keys in the order of pdf-metadata.txt's table: all majors from C♭ (keysf −7) to
    /// C♯ (keysf 7), then all minors from A♭ to A♯.
    public static let all: [Key] = [0, 1].flatMap { keymi in
        (-7...7).compactMap { keysf in Key(keysf: keysf, keymi: keymi) }
    }

    /// The tonic: the table's row for `keysf`, major or minor column.
    var tonic: Tonic {
        let row = Self.table[keysf + 7]
        return isMinor ? row.minor : row.major
    }

    /// A tonic spelled as a letter and an accidental (−1 flat, 0 natural, 1 sharp).
    struct Tonic: Hashable {
        var letter: Character
        var accidental: Int

        func name(ascii: Bool) -> String {
            switch accidental {
            case -1: String(letter) + (ascii ? "b" : "♭")
            case 1: String(letter) + (ascii ? "#" : "♯")
            default: String(letter)
            }
        }
    }

    /// pdf-metadata.txt's table, one row per keysf from −7 to 7.
    static let table: [(major: Tonic, minor: Tonic)] = [
        ("C", -1, "A", -1), ("G", -1, "E", -1), ("D", -1, "B", -1), ("A", -1, "F", 0),
        ("E", -1, "C", 0), ("B", -1, "G", 0), ("F", 0, "D", 0), ("C", 0, "A", 0),
        ("G", 0, "E", 0), ("D", 0, "B", 0), ("A", 0, "F", 1), ("E", 0, "C", 1),
        ("B", 0, "G", 1), ("F", 1, "D", 1), ("C", 1, "A", 1),
    ].map { (Tonic(letter: $0.0, accidental: $0.1), Tonic(letter: $0.2, accidental: $0.3)) }
}

extension Key: CustomStringConvertible {
    /// The Unicode name, e.g. `E♭ major`.
    public var description: String { name }
}

extension ScoreMetadata {
    /// The key named by `keysf` and `keymi`: `nil` when either is missing or out of range.
    /// Setting a key sets both; setting `nil` clears both.
    public var key: Key? {
        get {
            guard let keysf, let keymi else { return nil }
            return Key(keysf: keysf, keymi: keymi)
        }
        set {
            keysf = newValue?.keysf
            keymi = newValue?.keymi
        }
    }
}
