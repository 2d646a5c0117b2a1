import MetadataModel

/// Finds a musical key anywhere in a title or filename: the Lua helper `tagrules.key.parse`.
///
/// The text is split into words (``KeyTokenizer``: `_`, `-`, `.`, spaces and camel case all
/// separate words; one known file extension and a trailing " (1)" are dropped first). Tonics
/// are read in three systems (``KeyVocabulary``): letters ("E", "Eb", "E♭", "E-flat", "F#",
/// "C#m", "Dmaj"), German names ("Es", "fis", "H", "B" = B♭ before Dur/Moll) and solfège
/// ("ré", "Sol", "mi bémol", "Si bemolle", "sib").
///
/// **Strong evidence.** Words are scanned left to right and the first of these wins:
/// 1. A tonic followed by a mode word: letters take major/minor/maj/min, Dur/Moll, Dutch
///    groot/klein and the Romance words; German names (and Dutch "Bes") take Dur/Moll,
///    groot/klein and, but for "as", "es", "des", the Romance words; solfège takes
///    majeur/mineur, maggiore/minore, mayor/menor. The word decides the mode ("fis-Moll",
///    "E-flat major", "ré mineur", "C dur", "Bes groot"). With Dur/Moll a plain "B" is B♭
///    and "H" is B.
/// 2. A letter tonic with an unmistakable accidental or a chord suffix that cannot be a
///    word: "F#", "E♭", "E-flat", "E flat", "C#m", "Ebm", "Bbmaj", "Dmaj"; and a solfège
///    tonic with a spelled accidental ("mi bémol", "Si bemolle"). Mode: the suffix, else major.
/// 3. A tonic after "in" (any system; "key of" for letters) or after "en" (solfège only),
///    with no mode word: "in Eb", "in D", "in Es", "in Re", "en Ré". Tonics that are also
///    everyday words ("A", lowercase letters, "as", "es", "des", unaccented solfège "La",
///    "Do", "Mi" …, "Am") must be confirmed by what follows: the end of the text, a hard
///    break (`,;:()[]/`, " - "), a number, a catalogue word or "for"/"für"/"pour"… (see
///    ``KeyVocabulary/continuations``). So "Prelude in A, Op. 28" is A major, "Walking in a
///    Winter Wonderland" and "Once In A Lifetime" have no key. Mode: a chord suffix, else
///    lowercase means minor (the German and musicological convention "Fuge in g", "Messe in
///    h") unless the whole text is lowercase (a lowercased filename: "canon_in_d"), else major.
///
/// **Weak evidence**, used only when there is no strong evidence: a letter tonic as the very
/// last word ("Ode_to_Joy_D", "Autumn Leaves Bb", "Greensleeves - Em", "fugue_c"). A plain
/// letter or "Am"-style suffix counts only after a filename separator or a hard break, not
/// after a space ("Plan A", "Here I Am"); a tonic with an accidental counts after a space too.
/// It does not count after a label word ("Part_B", "No_A", "arr. A", ``KeyVocabulary/labels``),
/// after another single letter (initials, "Hoffmann_E.T.A"), or after an instrument. A text
/// that is only a tonic is that key ("F", "Bb", "d"). Mode: a suffix, else a lowercase letter
/// is minor ("Mozart_Symphony_No40_g"), else major.
///
/// **Never a key:** a tonic next to an instrument that names its transposition ("Clarinet in
/// Bb", "Horn 2 in F", "Bb Trumpet"); solfège syllables and German names without a mode word
/// or "in"/"en" ("Do You Hear the People Sing", "Mi Amor", "Es war einmal", "Fa-la-la");
/// catalogue letters before numbers ("D 960", "K. 545"); a letter glued to a number ("Op. 71a",
/// "BWV 1006a", "KV 397 (385g)", "No. 2b": catalogue and section numbers); a flat written with a plain "b"
/// ("Eb", "Ab") anywhere but before a mode word, after "in" or at the end, because "Ab" and
/// "Db" are also words ("Ab irato"), so "Bb Blues" has no key.
///
/// In German titles (``KeyVocabulary/germanMarkers``: "Sinfonie", "Nr.", "für" …) a plain
/// "B" after "in" or at the end is B♭. Tonics outside forScore's table are read
/// enharmonically: "D♯ major" (nine sharps) becomes E♭ major, "Ges-Moll" F♯ minor.
public enum KeyParser {
    /// The key named in `text`, or `nil` when there is none (see the type's rules).
    ///
    /// - Parameter text: A title or filename (with or without extension).
    /// - Returns: The key; its name is ``MetadataModel/Key/name``.
    public static func parse(_ text: String) -> Key? {
        key(in: KeyWords(tokens: KeyTokenizer.tokens(KeyTokenizer.stripFileSuffixes(text)).tokens))
    }

    /// The key the words of a text give, by the rules of evidence.
    static func key(in words: KeyWords) -> Key? {
        KeyPhraseReader(words: words).key()
    }

    /// The key for a tonic's place on the line of fifths and a mode (0 major, 1 minor),
    /// respelled enharmonically into keysf −7…7.
    static func key(fifths: Int, mode: Int) -> Key? {
        var keysf = fifths - 3 * mode
        if keysf > 7 { keysf -= 12 } else if keysf < -7 { keysf += 12 }
        return Key(keysf: keysf, keymi: mode)
    }
}
