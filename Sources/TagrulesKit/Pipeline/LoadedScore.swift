import MetadataModel
import Notation
import PDFInfo
import Platform

/// One PDF as tagrules read it: forScore's view of its metadata, the raw Info strings, its
/// pages and outline, and whatever would stop it being written.
package struct LoadedScore: Sendable {
    /// The path as discovered.
    package var path: String
    /// Why the file could not be read; when set, the other facts are empty.
    var failure: PDFError?
    /// The page count, when the page tree could be read.
    var pages: Int?
    /// Every Info entry with a text value (raw key → decoded text).
    var info: [String: String] = [:]
    /// The four Info strings forScore reads.
    var infoStrings: InfoStrings {
        InfoStrings(title: info["Title"], author: info["Author"], subject: info["Subject"], keywords: info["Keywords"])
    }
    /// forScore's view of the four Info strings (`ForScoreCodec.decode`).
    var metadata = ScoreMetadata()
    /// The outline, flattened in reading order.
    var toc: [TOCEntry] = []
    /// The notation file beside the PDF, when `readNotation()` found and read one (`inspect`).
    var notation: NotationSource?
    /// Tolerated damage and what forScore would make of the values.
    package var diagnostics: [Diagnostic] = []
    /// Why the document itself must not be updated (repaired, signed, encrypted without
    /// permission), when it must not.
    var documentRefusal: PDFError?
    /// What the write path needs of the document, kept by `apply` and `set` so that a file still
    /// unchanged when it is written is not parsed again (`ScoreWriter.stage`).
    var updateBasis: UpdateBasis?

    /// A score not read yet: every fact empty.
    init(path: String) {
        self.path = path
    }

    /// Why `apply` would not write the file at `path` whose ``documentRefusal`` is
    /// `documentRefusal`: that refusal, else the file or folder permissions (checked now, with
    /// system calls: ask only for files that would be written). Each folder is checked once in
    /// `folders`. Takes the two facts, not the score: the caller reads them in place.
    static func writeBlocker(path: String, documentRefusal: PDFError?, folders: FolderChecks) -> PDFError? {
        documentRefusal ?? SafeFileWriter.permissionRefusal(path: path, folders: folders)
    }

    /// Whether the file was read.
    package var isReadable: Bool { failure == nil }

    /// Reads the notation file beside the PDF, found by `finder` (the run's, which lists each
    /// folder once), into ``notation``, as rules see it as `score.source`; a file that cannot
    /// be read adds a warning to ``diagnostics``.
    package mutating func readNotation(finder: NotationFinder) {
        let document = PipelineScoreDocument(pdfPath: path, pdf: nil, notationFinder: finder)
        notation = document.notationSource()
        diagnostics += document.diagnostics
    }

    /// What reading reported, ending with the failure itself when the file could not be read:
    /// the diagnostics `plan` and `inspect --format json` both give an unreadable file.
    var diagnosticsWithFailure: [Diagnostic] {
        guard let failure else { return diagnostics }
        return diagnostics + [Diagnostic(failure)]
    }

    /// The bookmarks forScore would import from the outline (`BookmarkRule`, pdf-metadata.txt
    /// "Table of Contents"): what rules see as `score.toc` and what `export csv` writes.
    package var bookmarks: [Bookmark] { BookmarkRule.bookmarks(from: toc, pageCount: pages ?? 0) }
}
