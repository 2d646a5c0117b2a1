import MetadataModel
import PDFInfo
import RuleHost

/// Reads scores: PDF → Info → `ForScoreCodec.decode` → `ScoreMetadata`, plus pages and outline.
package enum ScoreLoader {
    /// Which document facts beyond the metadata a load reads. What is left out stays unknown
    /// (`pages` nil, `toc` empty) and unreported: a flow that needs it later reads it on demand
    /// (`documentFacts(path:password:)`).
    package struct FactReads: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The page count (`LoadedScore.pages`).
        static let pages = FactReads(rawValue: 1)
        /// The outline (`LoadedScore.toc`).
        static let outline = FactReads(rawValue: 2)
        /// Both, as `inspect` and every read before a write need.
        static let all: FactReads = [.pages, .outline]
    }

    /// Reads the score at `path`. Never throws: a file that cannot be read comes back with
    /// `failure` set, so that the run goes on with the other files.
    ///
    /// - Parameters:
    ///   - path: The PDF.
    ///   - force: Whether `--force` allows writing repaired and signed files (for
    ///     `documentRefusal`).
    ///   - password: `--password`, for encrypted files; the empty password is tried otherwise.
    ///   - keepingUpdateBasis: Whether to keep `updateBasis` for writing the file later.
    ///   - reads: The document facts to read besides the metadata.
    ///   - folders: The folders of the run's files, kept open to open each file by its name.
    package static func load(
        _ path: String, force: Bool = false, password: String? = nil, keepingUpdateBasis: Bool = false,
        reads: FactReads = .all, folders: ReadFolders? = nil
    ) -> LoadedScore {
        var score = LoadedScore(path: path)
        // Filled in place by another function: returned from a function that also assigns
        // to it on several paths, the score was copied whole and the original freed.
        load(
            into: &score, force: force, password: password, keepingUpdateBasis: keepingUpdateBasis, reads: reads,
            folders: folders)
        return score
    }

    /// `load`'s work on the score made for its path.
    private static func load(
        into score: inout LoadedScore, force: Bool, password: String?, keepingUpdateBasis: Bool, reads: FactReads,
        folders: ReadFolders?
    ) {
        let document: PDFDocument
        do {
            document = try PDFDocument.open(path: score.path, password: password, folders: folders)
        } catch {
            score.failure = error
            return
        }
        // What `ChangeRun` tells files apart by and checks writes with: from the `fstat` the
        // reader made when it opened the file, so no system call of its own.
        if let file = document.source as? FileByteSource {
            score.identity = file.identity
            if !file.isLink { score.mode = file.mode }
        }
        read(document, into: &score, reads: reads)
        guard score.isReadable else { return }
        score.diagnostics += document.diagnostics.map(ReportDiagnostic.init)
        if let encryption = try? document.encryption() {
            let owner = encryption.openedWithOwnerPassword ? ", opened with the owner password" : ""
            score.diagnostics.append(ReportDiagnostic(severity: .info, code: "encrypted", message: "encrypted (\(encryption.method))\(owner)"))
        }
        // The basis checks the document as `documentRefusal` does, at the same point.
        if keepingUpdateBasis, let basis = try? UpdateBasis(document: document, options: WriteOptions(force: force)) {
            score.documentRefusal = basis.refusal
            if basis.refusal == nil && !basis.wasRepaired { score.updateBasis = basis }
        } else {
            score.documentRefusal = documentRefusal(document, force: force)
        }
        if score.documentRefusal == nil, !force, let file = document.source as? FileByteSource {
            score.documentRefusal = HardLinks.writeRefusal(file, path: score.path)
        }
    }

    /// Reads the facts of an open document (the metadata always, and `reads`). Also used by the
    /// write path to re-read a file just before writing it.
    static func read(_ document: PDFDocument, into score: inout LoadedScore, reads: FactReads = .all) {
        do {
            score.info = try document.infoTextValues()
        } catch {
            score.failure = error
            return
        }
        let decoded = ForScoreCodec.decode(score.infoStrings)
        score.diagnostics += decoded.diagnostics.map(ReportDiagnostic.init)
        // The metadata last, at the decoded value's last use: moved out of it, not copied.
        score.metadata = decoded.metadata
        if reads.contains(.pages) {
            do {
                score.pages = try document.pageCount()
            } catch {
                score.diagnostics.append(ReportDiagnostic(
                    severity: .warning, code: error.code.rawValue, message: "page count unknown: \(error.message)"))
            }
        }
        if reads.contains(.outline) {
            do {
                score.toc = try outline(of: document)
            } catch {
                score.diagnostics.append(ReportDiagnostic(
                    severity: .warning, code: error.code.rawValue, message: "outline unreadable: \(error.message)"))
            }
        }
    }

    /// The page count and outline (as bookmarks) of the PDF at `path`, for rules that ask for
    /// facts a load left out (`FactReads`); what cannot be read is unknown, without a report.
    static func documentFacts(path: String, password: String?) -> DocumentFacts {
        guard let document = try? PDFDocument.open(path: path, password: password) else {
            return DocumentFacts(pages: nil, toc: [])
        }
        let pages = try? document.pageCount()
        let toc = (try? outline(of: document)) ?? []
        return DocumentFacts(pages: pages, toc: BookmarkRule.bookmarks(from: toc, pageCount: pages ?? 0))
    }

    /// The outline of `document`, flattened in reading order.
    private static func outline(of document: PDFDocument) throws(PDFError) -> [TOCEntry] {
        try document.outline().map { item in
            TOCEntry(title: item.title, level: item.level, target: target(item.target))
        }
    }

    /// Why writing `document` would be refused for what it is (damaged, signed, encrypted
    /// without permission), checked the way the writer checks it; `nil` when the document
    /// allows it. File and folder permissions are `SafeFileWriter.permissionRefusal`'s part.
    static func documentRefusal(_ document: PDFDocument, force: Bool) -> PDFError? {
        do {
            try document.checkWritable(WriteOptions(force: force))
            return nil
        } catch {
            return error
        }
    }

    private static func target(_ target: OutlineTarget) -> TOCEntry.Target {
        switch target {
        case .page(let index): .page(index)
        case .uri(let uri): .uri(uri)
        case .remote(let file): .remote(file: file)
        case .none: .none
        }
    }
}
