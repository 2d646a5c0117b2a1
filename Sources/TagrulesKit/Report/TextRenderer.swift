import Foundation
import MetadataModel

/// The text reports, for people: aligned diffs, coloured when `style` allows. Problems are not
/// repeated here; they go to stderr (``DiagnosticPrinter``).
package struct TextRenderer {
    /// Colour or not.
    var style: Style
    /// List unchanged files and info notes too.
    var verbose = false

    /// The report: a diff per changed file (every file with `verbose`), then the summary line.
    package func render(_ report: ChangeReport) -> String {
        var out = ""
        for file in report.files { render(file, into: &out) }
        return out + summaryLine(report) + "\n"
    }

    /// One file's diff, as the report shows it (`apply --interactive` asks about it).
    package func render(_ file: FileChange) -> String {
        var out = ""
        render(file, into: &out)
        return out
    }

    private func render(_ file: FileChange, into out: inout String) {
        let lines = DiffLine.lines(file.changes, before: file.before, after: file.after)
        guard !lines.isEmpty || (verbose && file.status != .error) else { return }
        out += style.bold(DiagnosticPrinter.oneLine(file.path)) + "  " + statusText(file.status) + "\n"
        // Labels are field names and `key`: ASCII, one column per character.
        let width = lines.reduce(10) { max($0, $1.label.utf8.count) }
        for line in lines {
            out += "  " + line.label + String(repeating: " ", count: width - line.label.utf8.count) + "  "
            out += style.red(line.before) + " → " + style.green(line.after)
            if !line.provenance.isEmpty { out += "  " + style.dim("(" + line.provenance.joined(separator: ", ") + ")") }
            out += "\n"
        }
        guard verbose else { return }
        for note in file.diagnostics where note.severity == .info {
            out += "  " + style.dim("note: " + note.locatedMessage) + "\n"
        }
    }

    /// One block per file: forScore's fields, pages, the raw Info strings, the outline, the
    /// notation file beside it (when there is one) and every diagnostic.
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
            if let notation = score.notation { rows += sourceRows(notation) }
            for (label, value) in rows {
                out += "  " + style.cyan(label.padding(toLength: 10, withPad: " ", startingAt: 0)) + "  " + value + "\n"
            }
            for diagnostic in score.diagnostics {
                out += "  " + severityText(diagnostic.severity) + ": \(diagnostic.locatedMessage) " + style.dim("[\(diagnostic.code)]") + "\n"
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
        let pending = summary.changed - summary.written - summary.skipped - summary.wouldSkip - summary.undone
        if pending > 0 { parts.append(report.command == "plan" ? "\(pending) to change" : "\(pending) changed") }
        if summary.written > 0 { parts.append(style.green("\(summary.written) written")) }
        if summary.undone > 0 { parts.append(style.green("\(summary.undone) undone")) }
        if summary.skipped > 0 { parts.append(style.yellow("\(summary.skipped) skipped")) }
        if summary.wouldSkip > 0 { parts.append(style.yellow("\(summary.wouldSkip) apply would skip")) }
        if summary.unchanged > 0 { parts.append("\(summary.unchanged) unchanged") }
        if summary.errors > 0 { parts.append(style.red("\(summary.errors) error\(summary.errors == 1 ? "" : "s")")) }
        let files = "\(summary.files) file\(summary.files == 1 ? "" : "s")"
        let nothing = summary.changed == 0 ? " — nothing to do" : ""
        return files + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", ")) + nothing
    }

    /// The status word of a file's diff, in its colour.
    private func statusText(_ status: FileStatus) -> String {
        switch status {
        case .changed: style.yellow("changed")
        case .written: style.green("written")
        case .undone: style.green("undone")
        case .skipped: style.yellow("skipped")
        case .wouldSkip: style.yellow("would skip")
        case .unchanged: style.dim("unchanged")
        case .error: style.red("error")
        }
    }

    private func severityText(_ severity: Diagnostic.Severity) -> String {
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

extension TextRenderer {
    /// The `source` rows of `inspect`: the notation file's format and path, then each field it
    /// states.
    func sourceRows(_ source: NotationSource) -> [(String, String)] {
        var fields: [(String, String?)] = [
            ("title", source.title), ("subtitle", source.subtitle), ("movement", source.movement),
            ("composers", source.composers.isEmpty ? nil : source.composers.joined(separator: "; ")),
            ("lyricists", source.lyricists.isEmpty ? nil : source.lyricists.joined(separator: "; ")),
            ("arrangers", source.arrangers.isEmpty ? nil : source.arrangers.joined(separator: "; ")),
            ("opus", source.opus),
            ("key", source.keysf.map { keysf in
                source.key?.name ?? "keysf \(keysf)" + (source.keymi.map { ", keymi \($0)" } ?? "")
            }),
            ("time", source.time),
        ]
        if let tempo = source.tempo {
            let bpm = tempo.quarterNotesPerMinute.map { $0.rounded() == $0 ? "♩ = \(Int($0))" : "♩ = \($0)" }
            fields.append(("tempo", [tempo.text, bpm].compactMap { $0 }.joined(separator: ", ")))
        }
        for part in source.parts {
            let instrument = part.instrument.flatMap { $0 == part.name ? nil : " (\($0))" } ?? ""
            fields.append(("part", (part.name ?? "—") + instrument))
        }
        var rows = [("source", source.format.rawValue + "  " + oneLine(source.path))]
        for case let (label, value?) in fields { rows.append(("", label + ": " + oneLine(value))) }
        return rows
    }
}
