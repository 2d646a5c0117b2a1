import MetadataModel
import PDFInfo
import RuleHost

/// Reads scores: PDF → Info → `ForScoreCodec.decode` → `ScoreMetadata`, plus pages and outline.
package enum ScoreLoader {
    /// Reads the score at `path`. Never throws: a file that cannot be read comes back with
    /// `failure` set, so that the run goes on with the other files.
    ///
    /// - Parameters:
    ///   - path: The PDF.
    ///   - force: Whether `--force` allows writing repaired and signed files (for
    ///     `documentRefusal`).
    ///   - password: `--password`, for encrypted files; the empty password is tried otherwise.
    ///   - keepingUpdateBasis: Whether to keep `updateBasis` for writing the file later.
    ///   - documentFacts: Whether to read the page count and the outline besides the metadata
    ///     (`undo` compares metadata only).
    package static func load(
        _ path: String, force: Bool = false, password: String? = nil, keepingUpdateBasis: Bool = false,
        documentFacts: Bool = true
    ) -> LoadedScore {
        load(path, force: force, password: password, keepingUpdateBasis: keepingUpdateBasis, documentFacts: documentFacts) {
            score, _ in score
        }
    }

    /// `load(_:force:password:keepingUpdateBasis:documentFacts:)`, then `body` with the score and
    /// the document it was read from, still open for more reading (a rule's `score.text`); nil
    /// when the file could not be opened. The document is not kept past `body`.
    static func load<Result>(
        _ path: String, force: Bool = false, password: String? = nil, keepingUpdateBasis: Bool = false,
        documentFacts: Bool = true, reading body: (LoadedScore, PDFDocument?) -> Result
    ) -> Result {
        var score = LoadedScore(path: path)
        let document: PDFDocument
        do {
            document = try PDFDocument.open(path: path, password: password)
        } catch {
            score.failure = error
            return body(score, nil)
        }
        load(document, into: &score, force: force, keepingUpdateBasis: keepingUpdateBasis, documentFacts: documentFacts)
        return body(score, document)
    }

    /// The facts of the open `document` into `score`, and what would stop it being written.
    private static func load(
        _ document: PDFDocument, into score: inout LoadedScore, force: Bool, keepingUpdateBasis: Bool, documentFacts: Bool
    ) {
        read(document, into: &score, documentFacts: documentFacts)
        guard score.isReadable else { return }
        score.diagnostics += document.diagnostics
        if let encryption = try? document.encryption() {
            let owner = encryption.openedWithOwnerPassword ? ", opened with the owner password" : ""
            score.diagnostics.append(Diagnostic(severity: .info, code: "encrypted", message: "encrypted (\(encryption.method))\(owner)"))
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

    /// Reads the facts of an open document: the metadata, and with `documentFacts` the page
    /// count and the outline.
    static func read(_ document: PDFDocument, into score: inout LoadedScore, documentFacts: Bool = true) {
        do {
            score.info = try document.infoTextValues()
        } catch {
            score.failure = error
            return
        }
        let decoded = ForScoreCodec.decode(score.infoStrings)
        score.diagnostics += decoded.diagnostics
        score.metadata = decoded.metadata
        guard documentFacts else { return }
        do {
            score.pages = try document.pageCount()
        } catch {
            score.diagnostics.append(Diagnostic(
                severity: .warning, code: Diagnostic.Code(error.code), message: "page count unknown: \(error.message)"))
        }
        do {
            score.toc = try outline(of: document)
        } catch {
            score.diagnostics.append(Diagnostic(
                severity: .warning, code: Diagnostic.Code(error.code), message: "outline unreadable: \(error.message)"))
        }
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
