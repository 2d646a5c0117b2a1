/// What a notation file beside a PDF says about the score (issue 27): the MusicXML, MuseScore
/// or LilyPond source a PDF was engraved from, read by the Notation target.
///
/// Every field holds what the file states, as written (white space trimmed); a field the file
/// does not state is nil (or an empty list). Rules see it as `score.source`.
public struct NotationSource: Sendable, Hashable, Codable {
    /// The kind of file, by its format (not its name).
    public enum Format: String, Sendable, Hashable, Codable, CaseIterable {
        /// Uncompressed MusicXML (`.musicxml`, or `.xml` whose root is a MusicXML score).
        case musicXML = "musicxml"
        /// Compressed MusicXML: a ZIP whose `META-INF/container.xml` names the score.
        case compressedMusicXML = "mxl"
        /// An uncompressed MuseScore 3 or 4 score.
        case museScore = "mscx"
        /// A compressed MuseScore 3 or 4 score: a ZIP holding an `.mscx`.
        case compressedMuseScore = "mscz"
        /// A LilyPond source.
        case lilyPond = "ly"
    }

    /// One part of the score, as the source names it.
    public struct Part: Sendable, Hashable, Codable {
        /// The part's name as printed (MusicXML `part-name`, MuseScore `longName`/`trackName`).
        public var name: String?
        /// The instrument (MusicXML `instrument-name`, MuseScore's instrument's `trackName`).
        public var instrument: String?

        public init(name: String? = nil, instrument: String? = nil) {
            self.name = name
            self.instrument = instrument
        }
    }

    /// A tempo indication.
    public struct Tempo: Sendable, Hashable, Codable {
        /// The words of the marking (`Allegro`, `Andante con moto`), if any.
        public var text: String?
        /// The speed in quarter notes per minute, if the source gives one (`4. = 60` is 90).
        public var quarterNotesPerMinute: Double?

        public init(text: String? = nil, quarterNotesPerMinute: Double? = nil) {
            self.text = text
            self.quarterNotesPerMinute = quarterNotesPerMinute
        }
    }

    public var format: Format
    /// The file's path, as the finder was given it.
    public var path: String
    /// The work's title (MusicXML `work-title`, else `movement-title`, else the largest credit;
    /// MuseScore `workTitle`, else the title frame; LilyPond `title`).
    public var title: String?
    public var subtitle: String?
    /// The movement's title, when the source names one besides the work's.
    public var movement: String?
    public var composers: [String]
    public var lyricists: [String]
    public var arrangers: [String]
    /// The opus or catalogue number as written (`Op. 9 No. 2`, `BWV 846`).
    public var opus: String?
    /// The first key signature: sharps (1…7) or flats (−1…−7), as forScore's `keysf`.
    public var keysf: Int?
    /// Its mode as forScore's `keymi`: 0 major, 1 minor; nil for other modes (dorian, …).
    public var keymi: Int?
    /// The first time signature, e.g. `3/4`, `6/8`, `4/4` for common time.
    public var time: String?
    /// The first tempo indication.
    public var tempo: Tempo?
    /// The parts, in score order.
    public var parts: [Part]

    public init(
        format: Format, path: String, title: String? = nil, subtitle: String? = nil, movement: String? = nil,
        composers: [String] = [], lyricists: [String] = [], arrangers: [String] = [], opus: String? = nil,
        keysf: Int? = nil, keymi: Int? = nil, time: String? = nil, tempo: Tempo? = nil, parts: [Part] = []
    ) {
        self.format = format
        self.path = path
        self.title = title
        self.subtitle = subtitle
        self.movement = movement
        self.composers = composers
        self.lyricists = lyricists
        self.arrangers = arrangers
        self.opus = opus
        self.keysf = keysf
        self.keymi = keymi
        self.time = time
        self.tempo = tempo
        self.parts = parts
    }

    /// The key forScore can store, when the source states one with a major or minor mode.
    public var key: Key? {
        guard let keysf, let keymi else { return nil }
        return Key(keysf: keysf, keymi: keymi)
    }
}
