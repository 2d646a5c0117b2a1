/// The words ``KeyParser`` knows, all in ``KeyToken/folded`` form (lowercase, no diacritics).
///
/// Tonics are positions on the line of fifths: C 0, G 1, D 2, A 3, E 4, B 5, F −1; a sharp
/// adds 7, a flat subtracts 7 (so E♭ is −3, F♯ is 6). keysf is that position for a major
/// key and three less for a minor one.
enum KeyVocabulary {
    /// The naming system a tonic belongs to; it decides which mode words may follow.
    enum System {
        /// A–G, shared by English and German ("E", "Eb", "F#", "C#m").
        case letter
        /// German and Nordic names that are not plain letters ("Es", "fis", "H", "Ess").
        case german
        /// Solfège, as in French, Italian and Spanish ("ré", "Sol", "sib").
        case solfege
    }

    /// Letter tonics.
    static let letters: [UInt8: Int] = [
        UInt8(ascii: "f"): -1, UInt8(ascii: "c"): 0, UInt8(ascii: "g"): 1, UInt8(ascii: "d"): 2,
        UInt8(ascii: "a"): 3, UInt8(ascii: "e"): 4, UInt8(ascii: "b"): 5,
    ]

    /// German (and Nordic "ess", "ass") names. "b" is B♭ and "h" is B; plain letters other
    /// than "b" are handled as ``System/letter``.
    static let german: [String: Int] = [
        "ces": -7, "cis": 7, "des": -5, "dis": 9, "es": -3, "ess": -3, "eis": 11, "fes": -8,
        "fis": 6, "ges": -6, "gis": 8, "as": -4, "ass": -4, "ais": 10, "h": 5, "his": 12,
        "bes": -2,  // Dutch B♭ (Dutch "B" is B, as in English)
    ]

    /// The length in bytes of the longest name in ``german``.
    static let longestGermanName = german.keys.map(\.utf8.count).max()!

    /// German names that are also everyday words ("es" in Spanish, "as" in English, "des" in
    /// French): after "in" they need the same confirmation as a bare letter.
    static let ambiguousGerman: Set<String> = ["es", "as", "des", "ass", "ess"]

    /// Solfège syllables ("ut" is the older French name of do).
    static let solfege: [String: Int] = [
        "do": 0, "ut": 0, "re": 2, "mi": 4, "fa": -1, "sol": 1, "la": 3, "si": 5,
    ]

    /// Accidentals written right after a letter or syllable ("Eb", "E♭", "Eflat", "sib", "fa#").
    static let attachedAccidentals: [(suffix: String, shift: Int)] = [
        ("sharp", 7), ("flat", -7), ("#", 7), ("♯", 7), ("♭", -7), ("b", -7),
    ]

    /// Accidentals written right after a solfège syllable ("sib", "fa#", "re♭").
    static let solfegeAttachedAccidentals: [String: Int] = ["b": -7, "#": 7, "♯": 7, "♭": -7]

    /// Chord-style mode suffixes after a letter tonic ("Dm", "C#m", "Ebmaj", "F#min").
    static let compactModes: [String: Int] = ["m": 1, "min": 1, "maj": 0, "major": 0, "minor": 1]

    /// Accidentals written as their own word after a letter tonic ("E flat", "F-sharp").
    static let letterAccidentalWords: [String: Int] = ["flat": -7, "sharp": 7, "♭": -7, "♯": 7, "#": 7]

    /// Accidentals written as their own word after a solfège tonic (French, Italian, Spanish).
    static let solfegeAccidentalWords: [String: Int] = [
        "bemol": -7, "bemolle": -7, "diese": 7, "dieze": 7, "diesis": 7, "sostenido": 7,
        "♭": -7, "♯": 7, "#": 7,
    ]

    /// English mode words (they follow letter tonics).
    static let englishModes: [String: Int] = ["major": 0, "maj": 0, "minor": 1, "min": 1]
    /// German mode words (they follow letter and German tonics; with them "B" is B♭).
    static let germanModes: [String: Int] = ["dur": 0, "moll": 1]
    /// Dutch mode words (they follow letter and German-style tonics: "Bes groot", "a klein").
    static let dutchModes: [String: Int] = ["groot": 0, "klein": 1]
    /// French, Italian, Spanish and Portuguese mode words (they follow solfège tonics, and
    /// letters and German-style names as Dutch writes them: "A mineur", "Bes majeur").
    static let romanceModes: [String: Int] = [
        "majeur": 0, "mineur": 1, "maggiore": 0, "minore": 1, "mayor": 0, "menor": 1, "maior": 0,
    ]

    /// Words that introduce a key without naming the mode: "in" (English, German, Italian)
    /// takes any tonic, "en" (French, Spanish) only solfège.
    static let prepositions: Set<String> = ["in", "en"]

    /// Words after a key that show the key phrase has ended ("in A for violin", "in A BWV …").
    static let continuations: Set<String> = [
        "op", "opus", "bwv", "k", "kv", "hwv", "rv", "hob", "wq", "woo", "sz", "twv", "buxwv", "fs",
        "no", "nr", "nos", "num", "vol", "for", "fur", "pour", "per", "para", "arr", "from", "lw", "fwv", "zwv",
        "aus", "de", "di", "del", "von",
    ]

    /// Instruments named with their transposition ("Clarinet in Bb", "Horn in F",
    /// "Bb Trumpet"): there the letter is not the key of the piece.
    static let instruments: Set<String> = [
        "clarinet", "clarinets", "clarinette", "clarinettes", "klarinette", "klarinetten",
        "clarinetto", "clarinetti", "clarinete", "clar", "cl", "bcl", "trumpet", "trumpets",
        "trompete", "trompeten", "trompette", "trompettes", "tromba", "trombe", "tpt", "trp",
        "horn", "horns", "hn", "corno", "corni", "cor", "cors", "cornet", "cornets", "cornett",
        "sax", "saxophone", "saxophones", "saxophon", "alto", "tenor", "baritone", "bariton",
        "soprano", "flugelhorn", "euphonium", "tuba", "tubas", "flute", "flutes", "recorder",
        "piccolo", "oboe", "trombone", "timpani", "pauken", "bass", "anglais", "instrument", "instruments",
    ]

    /// Church modes: a tonic before one names no major or minor key ("Fantasia in D dorian").
    static let churchModes: Set<String> = [
        "dorian", "phrygian", "lydian", "mixolydian", "aeolian", "locrian", "dorisch", "phrygisch",
        "lydisch", "mixolydisch", "aolisch", "dorien", "phrygien", "lydien", "dorico", "frigio", "lidio",
    ]

    /// Roman numerals skipped between an instrument and its key ("Horn II in F").
    static let romanNumerals: Set<String> = ["i", "ii", "iii", "iv"]

    /// Words before a trailing letter that make it a label, not a key ("Part_B", "Plan_A").
    static let labels: Set<String> = [
        "part", "parts", "teil", "side", "seite", "section", "sect", "version", "ver", "take",
        "plan", "appendix", "anhang", "anh", "no", "nr", "nos", "number", "num", "op", "opus",
        "type", "level", "grade", "group", "track", "voice", "stimme", "choir", "chor", "cd",
        "disc", "disk", "vol", "volume", "book", "heft", "band", "series", "serie", "exercise",
        "ex", "letter", "rehearsal", "fig", "figure", "page", "bar", "measure", "movement", "mvt",
        "satz", "act", "akt", "scene", "szene", "var", "variation", "bwv", "k", "kv", "hwv", "rv",
        "hob", "woo", "wq", "sz", "i", "arr", "arranged", "bearb", "s", "lw", "l", "m", "fwv", "twv",
        "bb", "buxwv", "zwv", "ed", "edition",
    ]

    /// Words that mark a German title; there a bare "B" after "in" or at the end is B♭.
    static let germanMarkers: Set<String> = [
        "dur", "moll", "fur", "nr", "sinfonie", "konzert", "klavierkonzert", "violinkonzert",
        "klaviersonate", "violinsonate", "sonate", "sonatine", "messe", "streichquartett",
        "quartett", "klaviertrio", "fuge", "praludium", "praeludium", "satz", "lied", "lieder",
        "und", "der", "das", "aus", "walzer", "tanz", "tanze", "stuck", "stucke", "kantate",
        "orgel", "klavier", "fantasie", "variationen", "bearbeitung", "choralvorspiel",
    ]
}
