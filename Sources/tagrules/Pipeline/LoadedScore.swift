import MetadataModel
import PDFInfo

/// One PDF as tagrules read it: forScore's view of its metadata, the raw Info strings, its
/// pages and outline, and whatever would stop it being written.
struct LoadedScore: Sendable {
    /// The path as discovered.
    var path: String
    /// Why the file could not be read; when set, the other facts are empty.
    var failure: PDFError?
    /// The page count, when the page tree could be read.
    var pages: Int?
    /// Every Info entry with a text value (raw key → decoded text).
    var info: [String: String] = [:]
    /// forScore's view of the four Info strings (`ForScoreCodec.decode`).
    var metadata = ScoreMetadata()
    /// The outline, flattened in reading order.
    var toc: [TOCEntry] = []
    /// Tolerated damage and what forScore would make of the values.
    var diagnostics: [ReportDiagnostic] = []
    /// Why an update could not be written (repaired, signed, read-only …), when it could not.
    var writeBlocker: PDFError?

    /// Whether the file was read.
    var isReadable: Bool { failure == nil }

    /// The bookmarks forScore would import from the outline (`BookmarkRule`, pdf-metadata.txt
    /// "Table of Contents"): what rules see as `score.toc` and what `export csv` writes.
    var bookmarks: [Bookmark] { BookmarkRule.bookmarks(from: toc, pageCount: pages ?? 0) }

    /// The four Info strings forScore reads.
    var infoStrings: InfoStrings {
        InfoStrings(title: info["Title"], author: info["Author"], subject: info["Subject"], keywords: info["Keywords"])
    }
}
