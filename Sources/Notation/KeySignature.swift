/// Key signatures as forScore stores them, from what notation files write.
enum KeySignature {
    /// forScore's `keymi` for a mode name (MusicXML `<mode>`, MuseScore `<mode>`, LilyPond's
    /// `\major` …): 0 for major and ionian, 1 for minor and aeolian, nil for any other mode.
    static func keymi(mode: String) -> Int? {
        switch mode.lowercased() {
        case "major", "ionian": 0
        case "minor", "aeolian": 1
        default: nil
        }
    }

    /// How far a mode's tonic lies from its major key's, in fifths: the key signature of a mode
    /// on a tonic is that of the major key on the same tonic plus this (A minor: 0 − 3).
    static func fifthsOffset(mode: String) -> Int? {
        switch mode.lowercased() {
        case "major", "ionian": 0
        case "minor", "aeolian": -3
        case "dorian": -2
        case "phrygian": -4
        case "lydian": 1
        case "mixolydian": -1
        case "locrian": -5
        default: nil
        }
    }

    /// `keysf` when it lies in forScore's range −7…7.
    static func keysf(_ fifths: Int) -> Int? {
        (-7...7).contains(fifths) ? fifths : nil
    }
}
