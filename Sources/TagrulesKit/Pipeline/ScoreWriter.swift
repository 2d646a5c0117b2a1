import Foundation
import MetadataModel
import PDFInfo

/// What writing one score did.
enum WriteOutcome: Sendable {
    /// forScore would see no difference, so nothing was written.
    case unchanged
    /// An incremental update was appended; the writer's own notes (e.g. XMP left alone).
    case written([Diagnostic])
    /// The file must not be written (damaged, encrypted, signed, read-only); it is untouched.
    case skipped(PDFError)
    /// Writing was attempted and failed; the file is untouched (the writer is atomic).
    case failed(PDFError)
    /// The update is in a temporary copy, to be put in place by `SafeFileWriter.commit`; the
    /// writer's own notes.
    case staged(StagedReplacement, [Diagnostic])
}

/// The write path (issue 5): `ForScoreCodec.encode(after)` → the four Info keys →
/// `IncrementalUpdateWriter.prepare` → `SafeFileWriter.stage` (and `commit`, one group for
/// many files), only when forScore's view of the file would change (or, with `--normalize`,
/// its Info strings).
package struct ScoreWriter: Sendable {
    /// How the duration keyword is spelled.
    var encoding: EncodingOptions
    /// `--force`: write repaired and signed files too.
    var force: Bool
    /// `--normalize`: also write files forScore reads correctly but whose four Info strings are
    /// not what tagrules would write (retired `forScore-rating:` keywords, `a,b` without spaces,
    /// keyword order), so that they end up in canonical form.
    var normalize = false
    /// The instant written to /ModDate and the XMP dates; current UTC time by default.
    var clock: @Sendable () -> PDFDate = Self.currentTime

    /// The current UTC time, to the second.
    package static let currentTime: @Sendable () -> PDFDate = {
        PDFDate(secondsSince1970: Int(Date().timeIntervalSince1970), utcOffsetMinutes: 0)
    }

    /// Creates the write path.
    package init(
        encoding: EncodingOptions, force: Bool, normalize: Bool = false,
        clock: @escaping @Sendable () -> PDFDate = ScoreWriter.currentTime
    ) {
        self.encoding = encoding
        self.force = force
        self.normalize = normalize
        self.clock = clock
    }

    /// Whether writing `after` over a file that reads as `before` would change what forScore
    /// shows. Labels never count: PDF metadata cannot hold them.
    ///
    /// `after` is validated (a `Proposal`'s metadata) and `before` is what
    /// `ForScoreCodec.decode` read from the file. Validated metadata is what forScore reads
    /// back after it is written, whatever the encoding options (`RoundTripTests`), so forScore's
    /// two views are compared without encoding anything.
    func changesView(from before: ScoreMetadata, to after: ScoreMetadata) -> Bool {
        var (shownBefore, shownAfter) = (before, after)
        (shownBefore.labels, shownAfter.labels) = ([], [])
        return shownBefore != shownAfter
    }

    /// Whether a file whose Info strings are `raw` and read as `before` must be written to hold
    /// `after`: when forScore's view changes, or (`normalize`) when the strings would change.
    func needsWrite(raw: InfoStrings, before: ScoreMetadata, after: ScoreMetadata) -> Bool {
        changesView(from: before, to: after) || rewritesStrings(raw: raw, after: after)
    }

    /// Whether `--normalize` rewrites Info strings `raw` to hold `after` even where forScore's
    /// view stays the same.
    func rewritesStrings(raw: InfoStrings, after: ScoreMetadata) -> Bool {
        normalize && Self.canonical(raw) != ForScoreCodec.encode(after, options: encoding).info
    }

    /// Info strings with empty values as absent, as the writer treats them.
    private static func canonical(_ info: InfoStrings) -> InfoStrings {
        func value(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        return InfoStrings(title: value(info.title), author: value(info.author), subject: value(info.subject), keywords: value(info.keywords))
    }

    /// What a committed staged write came to: written, or the reason the file is untouched.
    static func committed(outcome error: PDFError?, notes: [Diagnostic]) -> WriteOutcome {
        guard let error else { return .written(notes) }
        return error.code == .permissionDenied ? .skipped(error) : .failed(error)
    }

    /// Prepares writing `after` to the file at `path`, which read as `before` (opened with
    /// `password`), up to the temporary copy: `.staged` when the file is to be replaced (put it
    /// in place with `SafeFileWriter.commit`, then ``committed(outcome:notes:)``), else the
    /// final outcome.
    ///
    /// The file is opened again on the calling thread. When it is still the very version
    /// `basis` was gathered from (the same stamp), the update is prepared from the basis;
    /// else the file is read again, and if it no longer reads as `before` (another program
    /// changed it since), nothing is written. `folders` checks the folders of the group the
    /// file is staged with (nil: the file's folder is checked for it alone).
    func stage(
        path: String, password: String?, before: ScoreMetadata, after: ScoreMetadata, basis saved: UpdateBasis? = nil,
        folders: FolderChecks? = nil
    ) -> WriteOutcome {
        do throws(PDFError) {
            let source = try FileByteSource(path: path)
            if !force, let refusal = HardLinks.writeRefusal(source, path: path) { throw refusal }
            // The saved basis when the file is unchanged, else the document read again (its
            // basis gathered only when there is something to write).
            let info: DocumentInfo
            let basis: () throws(PDFError) -> UpdateBasis
            if let saved, saved.refusal == nil, !saved.wasRepaired, saved.describes(source), let savedInfo = saved.info {
                (info, basis) = (savedInfo, { saved })
            } else {
                let document: PDFDocument
                do {
                    document = try PDFDocument(source: source, path: path, password: password)
                } catch {
                    throw error.path == nil ? error.inFile(path) : error
                }
                // Only the Info strings are read again: forScore's view is a function of them.
                info = try document.info()
                let options = WriteOptions(force: force)
                basis = { () throws(PDFError) in try UpdateBasis(document: document, options: options) }
            }
            let current = Self.infoStrings(info)
            var expected = before
            expected.labels = []
            guard ForScoreCodec.decode(current).metadata == expected else {
                return .failed(PDFError(.fileChanged, "file changed since it was read; nothing written", path: path))
            }
            guard needsWrite(raw: current, before: before, after: after) else { return .unchanged }
            let strings = ForScoreCodec.encode(after, options: encoding).info
            let changes: [String: String?] = [
                "Title": strings.title, "Author": strings.author, "Subject": strings.subject, "Keywords": strings.keywords,
            ]
            guard
                let update = try IncrementalUpdateWriter.prepare(
                    basis: basis(), source: source, changes: changes, now: clock(), newFileID: UniqueNumbers.fileIdentifier())
            else { return .unchanged }
            return .staged(try SafeFileWriter.stage(update, path: path, source: source, folders: folders), update.diagnostics)
        } catch {
            return classify(error)
        }
    }

    /// The four Info strings forScore reads, as `LoadedScore.infoStrings` has them (a key given
    /// twice counts as its last text value), decoding only those four.
    static func infoStrings(_ info: DocumentInfo) -> InfoStrings {
        var strings = InfoStrings()
        for entry in info.entries {
            switch entry.key.string {
            case "Title": strings.title = entry.text ?? strings.title
            case "Author": strings.author = entry.text ?? strings.author
            case "Subject": strings.subject = entry.text ?? strings.subject
            case "Keywords": strings.keywords = entry.text ?? strings.keywords
            default: continue
            }
        }
        return strings
    }

    /// Refusals (the file must not be written) are skips; everything else is a failure.
    private func classify(_ error: PDFError) -> WriteOutcome {
        switch error.code {
        case .encrypted, .needsPassword, .unsupportedEncryption, .repairedFile, .certified, .signed, .permissionDenied,
            .hardLinked:
            .skipped(error)
        default:
            .failed(error)
        }
    }
}
