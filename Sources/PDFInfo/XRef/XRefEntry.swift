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

/// One section: how to find its entries, and its trailer dictionary.
struct XRefSection {
    var form: XRefForm
    /// Absolute offset of the section (`xref` keyword or the stream object).
    var offset: Int
    /// The section's entries, looked up on demand.
    var index: SectionIndex
    /// The trailer (for a stream: the stream dictionary).
    var trailer: PDFDictionary
}
