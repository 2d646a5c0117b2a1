import Foundation
import MetadataModel

/// The text reports, for people: aligned diffs, coloured when `style` allows. Problems are not
/// repeated here; they go to stderr (``DiagnosticPrinter``).
package struct TextRenderer {
    /// Colour or not.
    var style: Style
    /// List unchanged files and info notes too.
    var verbose = false

    /// Files rendered as one piece by ``write(_:jobs:to:)``.
    private static let filesPerPiece = 128

    /// A diff per file that changes (or every file, verbose), then the summary line, as UTF-8
    /// text (handed over as it was written, not copied into an array).
    package func render(_ report: ChangeReport) -> ByteChunk {
        var out = ByteSink(capacity: 256 + 128 * report.files.count)
        render(report.files, 0..<report.files.count, into: &out)
        appendSummary(report, to: &out)
        return out.takeChunk(reserving: 0)
    }

    /// ``render(_:)`` handed to `deliver` piece by piece, in order: the files' diffs in pieces
    /// rendered on `jobs` threads, each delivered as soon as it and those before it are done
    /// (``WorkerPool/forEachPieceInOrder(of:perPiece:jobs:_:deliver:)``), then the summary line.
    package func write(_ report: ChangeReport, jobs: Int, to deliver: @escaping @Sendable (ByteChunk) -> Void) {
        let (files, renderer) = (report.files, self)
        WorkerPool.forEachPieceInOrder(of: files.count, perPiece: Self.filesPerPiece, jobs: jobs) { range in
            var out = ByteSink(capacity: 128 * range.count)
            renderer.render(files, range, into: &out)
            return out.takeChunk(reserving: 0)
        } deliver: { deliver($0) }
        var out = ByteSink(capacity: 128)
        appendSummary(report, to: &out)
        deliver(out.takeChunk(reserving: 0))
    }

    /// The summary line, and its line end.
    private func appendSummary(_ report: ChangeReport, to out: inout ByteSink) {
        out.append(summaryLine(report))
        out.append(UInt8(ascii: "\n"))
    }

    /// The diffs of `files[range]`. Bytes, not `String` appends: a 2,000-file plan makes some
    /// 20,000 pieces.
    private func render(_ files: [FileChange], _ range: Range<Int>, into out: inout ByteSink) {
        // Each file borrowed in place: a loop over the array copies each one.
        files.withUnsafeBufferPointer { files in
            for index in range { render(files[index], into: &out) }
        }
    }

    /// One file's diff, or nothing. Written into `out` piece by piece, styled in place
    /// (``Style/write(_:to:_:)``): no `String` is made of a styled piece or of the rules' list.
    private func render(_ file: FileChange, into out: inout ByteSink) {
        let lines = DiffLine.lines(file.changes, before: file.before, after: file.after)
        guard !lines.isEmpty || (verbose && file.status != .error) else { return }
        style.write(.bold, to: &out) { $0.append(DiagnosticPrinter.oneLine(file.path)) }
        out.append("  ")
        writeStatus(file.status, to: &out)
        out.append(UInt8(ascii: "\n"))
        // Labels are field names and `key`: ASCII, one column per character.
        let width = lines.reduce(10) { max($0, $1.label.utf8.count) }
        for line in lines {
            out.append("  ")
            out.append(line.label)
            for _ in line.label.utf8.count..<width { out.append(UInt8(ascii: " ")) }
            out.append("  ")
            style.write(.red, to: &out) { $0.append(line.before) }
            out.append(" → ")
            style.write(.green, to: &out) { $0.append(line.after) }
            if let first = line.rules.first {
                out.append("  ")
                style.write(.dim, to: &out) { out in
                    out.append(UInt8(ascii: "("))
                    out.append(first)
                    for rule in line.rules.dropFirst() {
                        out.append(", ")
                        out.append(rule)
                    }
                    out.append(UInt8(ascii: ")"))
                }
            }
            out.append(UInt8(ascii: "\n"))
        }
        guard verbose else { return }
        for note in file.diagnostics where note.severity == .info {
            out.append("  ")
            style.write(.dim, to: &out) { out in
                out.append("note: ")
                out.append(note.message)
            }
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// One block per file: forScore's fields, pages, the raw Info strings, the outline and every
    /// diagnostic.
    package func render(_ report: InspectReport) -> String {
        var blocks: [String] = []
        for score in report.files {
            var out = style.bold(DiagnosticPrinter.oneLine(score.path)) + "\n"
            guard score.isReadable else {
                out += "  " + style.red("not read: \(score.failure?.message ?? "unknown failure")") + "\n"
                blocks.append(out)
                continue
            }
            let metadata = score.metadata
            var rows: [(String, String)] = [
                ("title", ValueText.value(metadata[.title], field: .title)),
                ("composers", ValueText.value(metadata[.composers], field: .composers)),
                ("genres", ValueText.value(metadata[.genres], field: .genres)),
                ("tags", ValueText.value(metadata[.tags], field: .tags)),
                ("rating", ValueText.value(metadata[.rating], field: .rating)),
                ("difficulty", ValueText.value(metadata[.difficulty], field: .difficulty)),
                ("duration", ValueText.value(metadata[.duration], field: .duration)),
                ("key", ValueText.key(metadata)),
                ("pages", score.pages.map(String.init) ?? "—"),
            ]
            let infoKeys = score.info.keys.sorted()
            for (index, key) in infoKeys.enumerated() {
                rows.append((index == 0 ? "info" : "", key + ": " + oneLine(score.info[key] ?? "")))
            }
            if infoKeys.isEmpty { rows.append(("info", "—")) }
            for (index, entry) in score.toc.enumerated() {
                rows.append((index == 0 ? "outline" : "", tocText(entry)))
            }
            if score.toc.isEmpty { rows.append(("outline", "—")) }
            for (label, value) in rows {
                out += "  " + style.cyan(label.padding(toLength: 10, withPad: " ", startingAt: 0)) + "  " + value + "\n"
            }
            for diagnostic in score.diagnostics {
                out += "  " + severityText(diagnostic.severity) + ": \(diagnostic.message) " + style.dim("[\(diagnostic.code)]") + "\n"
            }
            blocks.append(out)
        }
        let unreadable = report.files.filter { !$0.isReadable }.count
        let summary = "\(report.files.count) file\(report.files.count == 1 ? "" : "s")"
            + (unreadable > 0 ? ", \(unreadable) not read" : "")
        return blocks.joined(separator: "\n") + (blocks.isEmpty ? "" : "\n") + summary + "\n"
    }

    /// `9 files: 4 to change, 2 unchanged, 3 errors`, or `nothing to do` when nothing changes.
    func summaryLine(_ report: ChangeReport) -> String {
        let summary = report.summary
        var parts: [String] = []
        // `changed` counts written, skipped and undone files too; `pending` only those left to change.
        let pending = summary.changed - summary.written - summary.skipped - summary.undone
        if pending > 0 { parts.append(report.command == "plan" ? "\(pending) to change" : "\(pending) changed") }
        if summary.written > 0 { parts.append(style.green("\(summary.written) written")) }
        if summary.undone > 0 { parts.append(style.green("\(summary.undone) undone")) }
        if summary.skipped > 0 { parts.append(style.yellow("\(summary.skipped) skipped")) }
        if summary.unchanged > 0 { parts.append("\(summary.unchanged) unchanged") }
        if summary.errors > 0 { parts.append(style.red("\(summary.errors) error\(summary.errors == 1 ? "" : "s")")) }
        let files = "\(summary.files) file\(summary.files == 1 ? "" : "s")"
        let nothing = summary.changed == 0 ? " — nothing to do" : ""
        return files + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", ")) + nothing
    }

    /// The status word of a file's diff, in its colour.
    private func writeStatus(_ status: FileStatus, to out: inout ByteSink) {
        let (word, code): (String, Style.Code)
        switch status {
        case .changed: (word, code) = ("changed", .yellow)
        case .written: (word, code) = ("written", .green)
        case .undone: (word, code) = ("undone", .green)
        case .skipped: (word, code) = ("skipped", .yellow)
        case .unchanged: (word, code) = ("unchanged", .dim)
        case .error: (word, code) = ("error", .red)
        }
        style.write(code, to: &out) { $0.append(word) }
    }

    private func severityText(_ severity: ReportDiagnostic.Severity) -> String {
        switch severity {
        case .info: style.dim("note")
        case .warning: style.yellow("warning")
        case .error: style.red("error")
        }
    }

    private func tocText(_ entry: TOCEntry) -> String {
        let indent = String(repeating: "  ", count: min(entry.level, 8))
        switch entry.target {
        case .page(let index): return "\(indent)\(entry.title)  " + style.dim("p. \(index &+ 1)")
        case .uri(let uri): return "\(indent)\(entry.title)  " + style.dim(uri)
        case .remote(let file): return "\(indent)\(entry.title)  " + style.dim("→ \(file)")
        case .none: return "\(indent)\(entry.title)"
        }
    }

    private func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎").replacingOccurrences(of: "\r", with: "⏎")
    }

    /// Creates the renderer; `verbose` also lists unchanged files and notes.
    package init(style: Style, verbose: Bool = false) {
        self.style = style
        self.verbose = verbose
    }
}
