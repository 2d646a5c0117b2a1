import MetadataModel

/// How the rows of a library CSV meet the PDFs of a library folder (issue 7, `import csv`):
/// score rows are matched to PDFs by file name, exactly; everything else becomes a note.
///
/// - A score row whose Filename is the name of exactly one PDF (the same Unicode scalars,
///   as forScore's flat library knows it) is applied to that PDF.
/// - A bookmark row (Start or End Page filled) describes a page range in forScore's library,
///   not PDF metadata: it is reported, never written.
/// - A score row that matches no PDF, or several (same name in different folders), is
///   reported and applied to none; a second score row for the same PDF is reported and
///   ignored, the first one wins.
package struct CSVImportPlan {
    /// A row that is not turned into a PDF change, and why.
    package struct RowNote: Sendable, Hashable {
        /// Why the row is not applied.
        package enum Kind: String, Sendable {
            case bookmark, unmatched, ambiguous, duplicate
        }

        /// The row's first line in the CSV.
        package var line: Int
        /// The row's Filename cell.
        var filename: String
        /// Why the row is not applied.
        package var kind: Kind
        /// The PDF the row names, when exactly one matches.
        var path: String?
        /// One lowercase line.
        package var message: String

        /// Bookmark rows are information; the others deserve a warning (`--strict` fails).
        package var severity: Diagnostic.Severity { kind == .bookmark ? .info : .warning }
    }

    /// The score row to apply to each matched PDF, by path.
    package private(set) var records: [String: LibraryCSV.Record] = [:]
    /// The matched PDFs, in library order.
    package private(set) var paths: [String] = []
    /// The rows not applied, in CSV order.
    package private(set) var notes: [RowNote] = []

    /// Matches `table`'s rows against `library` (PDF paths, in discovery order).
    package init(table: LibraryCSV.Table, library: [String], libraryName: String) {
        var byName: [[UInt8]: [String]] = [:]
        for path in library { byName[Array(InterchangeFiles.fileName(of: path).utf8), default: []].append(path) }
        for record in table.records {
            let row = record.row
            let candidates = byName[Array(row.filename.utf8)] ?? []
            func note(_ kind: RowNote.Kind, _ message: String, path: String? = nil) {
                notes.append(RowNote(line: record.line, filename: row.filename, kind: kind, path: path, message: message))
            }
            if row.isBookmark {
                note(.bookmark, Self.bookmarkMessage(row), path: candidates.count == 1 ? candidates[0] : nil)
            } else if candidates.isEmpty {
                note(.unmatched, "no PDF named '\(row.filename)' in \(libraryName); row not applied")
            } else if candidates.count > 1 {
                note(.ambiguous, "\(candidates.count) PDFs are named '\(row.filename)' (\(candidates.joined(separator: ", "))); "
                    + "forScore's library is one folder, so none is changed")
            } else if let first = records[candidates[0]] {
                note(.duplicate, "another score row for '\(row.filename)' (line \(first.line)) is applied; this one is ignored",
                     path: candidates[0])
            } else {
                records[candidates[0]] = record
            }
        }
        paths = library.filter { records[$0] != nil }
    }

    private static func bookmarkMessage(_ row: LibraryCSVRow) -> String {
        guard let bookmark = row.bookmark else {
            return "bookmark row '\(row.title)' with pages '\(row.startPage)'–'\(row.endPage)', which are not 1 ≤ start ≤ end; "
                + "bookmarks are forScore library data, not PDF metadata: not written"
        }
        return "bookmark '\(bookmark.title)', pages \(bookmark.firstPage)–\(bookmark.lastPage): "
            + "bookmarks are forScore library data, not PDF metadata: not written"
    }
}
