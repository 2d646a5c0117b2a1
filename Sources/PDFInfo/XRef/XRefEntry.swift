/// One cross-reference entry (ISO 32000-1 §7.5.4, §7.5.8.3). Offsets are absolute file offsets.
enum XRefEntry: Hashable, Sendable {
    /// Deleted (or never used): the object is null.
    case free
    /// An uncompressed object at `offset`.
    case inUse(offset: Int, generation: Int)
    /// Object `index` inside the object stream numbered `stream` (generation 0).
    case compressed(stream: Int, index: Int)
}

/// The form of a cross-reference section, which the writer must match (pdf-notes §1.5).
public enum XRefForm: String, Sendable, Hashable, Codable {
    /// A classic `xref` table, including hybrid files whose trailer has /XRefStm.
    case table
    /// A cross-reference stream (`/Type /XRef`).
    case stream
}

/// One section: its entries and its trailer dictionary.
struct XRefSection {
    var form: XRefForm
    /// Absolute offset of the section (`xref` keyword or the stream object).
    var offset: Int
    /// The entries the section lists, by object number. Within a section the first entry for
    /// a number wins, as in qpdf and pdf.js.
    var entries: [Int: XRefEntry]
    /// The trailer (for a stream: the stream dictionary).
    var trailer: PDFDictionary

    /// The highest object number the section lists (0 when none).
    var highestNumber: Int { entries.keys.max() ?? 0 }

    /// The largest object number qpdf accepts (it keeps object numbers in a C `int`, and
    /// 2^31 − 1 itself is its "impossibly large" sentinel): a section listing more is damaged.
    static let maxObjectNumber = Int(Int32.max) - 1
}
