/// Note values in quarter notes, for tempo marks (`♩. = 60` is 90 quarter notes a minute).
enum NoteValue {
    /// A MusicXML note type (`quarter`, `half`, `eighth`, …) in quarter notes.
    static func quarters(ofType type: String) -> Double? {
        switch type {
        case "maxima": 32
        case "long": 16
        case "breve": 8
        case "whole": 4
        case "half": 2
        case "quarter": 1
        case "eighth": 0.5
        case "16th": 0.25
        case "32nd": 0.125
        case "64th": 0.0625
        default: nil
        }
    }

    /// A LilyPond duration (`1`, `2`, `4`, `8`, …, `\breve`) in quarter notes.
    static func quarters(ofDuration duration: Int) -> Double? {
        guard duration > 0, duration <= 128, duration & (duration - 1) == 0 else { return nil }
        return 4 / Double(duration)
    }

    /// `value` with `dots` augmentation dots.
    static func dotted(_ value: Double, dots: Int) -> Double {
        var total = value
        var added = value
        for _ in 0..<min(dots, 4) {
            added /= 2
            total += added
        }
        return total
    }
}
