/// One parser under fuzz: each case takes arbitrary bytes through the public API that reads
/// that format, the way the CLI would, and must never trap, hang or grow without bound.
/// Errors thrown for bad input are the expected outcome and are ignored.
///
/// The names are what `scripts/fuzz.sh` takes and what the folders under
/// `Tests/PDFInfoTests/Fixtures/fuzz-regressions/` are called.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// A whole PDF file: open, every document-level reading, and an incremental update
    /// prepared in memory (``PDFReaderTarget``).
    case pdf
    /// An XMP packet: parsed on its own, then wrapped in a small PDF as its /Metadata stream
    /// so the writer runs the XMP updater on it (``XMPTarget``).
    case xmp
    /// forScore's library CSV, read as CSV and as TSV (``InterchangeTargets/csv(_:)``).
    case csv
    /// An Open Setlist (.4ss) XML file (``InterchangeTargets/setlist(_:)``).
    case setlist
    /// The four Info strings forScore reads, NUL-separated, through the keyword codec
    /// (``InterchangeTargets/keywords(_:)``).
    case keywords
    /// A ZIP archive: the reader alone, then as `.mxl` and `.mscz` (``NotationTargets/zip(_:)``).
    case zip
    /// A MusicXML or MuseScore XML score (``NotationTargets/musicXML(_:)``).
    case musicxml
    /// A LilyPond source (``NotationTargets/lilyPond(_:)``).
    case lilypond

    /// Runs one input. Never throws: a failure of the code under test is a trap.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .pdf: PDFReaderTarget.run(bytes)
        case .xmp: XMPTarget.run(bytes)
        case .csv: InterchangeTargets.csv(bytes)
        case .setlist: InterchangeTargets.setlist(bytes)
        case .keywords: InterchangeTargets.keywords(bytes)
        case .zip: NotationTargets.zip(bytes)
        case .musicxml: NotationTargets.musicXML(bytes)
        case .lilypond: NotationTargets.lilyPond(bytes)
        }
    }

    /// The target names, for usage messages.
    static let names = allCases.map(\.rawValue).joined(separator: "|")
}
