import Foundation

/// The line watch mode prints per processed file, to standard output or appended to
/// `--output FILE`.
///
/// - text: `2025-05-01 14:03:07  written  inbox/Score.pdf  tags: piano → piano, watched (rule)`,
///   local time, coloured on a terminal;
/// - json (JSON Lines, one object per line): `time` (UTC, ISO 8601 with milliseconds), the
///   members of the per-file object of `apply --format json`, and `moved` (the new path with
///   `--move-to`, else null).
package struct WatchOutput {
    /// `--format`.
    package enum Format: String, CaseIterable, Sendable {
        /// A line for people.
        case text
        /// JSON Lines.
        case json
    }

    /// Text or JSON lines.
    var format: Format
    /// Colour for text lines.
    var style: Style
    /// The file lines are appended to; standard output when nil.
    private let file: FileHandle?

    /// - Parameter path: `--output FILE`, created when missing and appended to.
    /// - Throws: `CLIError` (`output-failed`) when the file cannot be opened.
    package init(format: Format, path: String?) throws(CLIError) {
        self.format = format
        guard let path else {
            file = nil
            style = Style.forStream(isTerminal: Terminal.stdoutIsTerminal)
            return
        }
        style = .plain
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path), (try? handle.seekToEnd()) != nil else {
            throw CLIError(.outputFailed, "cannot open the output file for appending", path: path)
        }
        file = handle
    }

    /// One processed file.
    struct Record {
        var file: FileChange
        /// When processing ended.
        var time: Date
        /// Where `--move-to` put it.
        var movedTo: String?
    }

    /// Writes the records' lines in one piece.
    func write(_ records: [Record]) {
        let text = records.map(line).joined()
        guard !text.isEmpty else { return }
        if let file {
            try? file.write(contentsOf: Data(text.utf8))
        } else {
            Terminal.writeOutput(text)
        }
    }

    /// The line of one record, with its line break.
    func line(_ record: Record) -> String {
        switch format {
        case .json: json(record).line
        case .text: text(record)
        }
    }

    /// `{"time", "path", "status", …, "diagnostics", "moved"}`.
    func json(_ record: Record) -> JSONValue {
        guard case .object(let members) = record.file.json else { preconditionFailure("a file's JSON is an object") }
        let time = JSONValue.Member(key: "time", value: .string(Self.isoTime(record.time)))
        let moved = JSONValue.Member(key: "moved", value: .string(record.movedTo))
        return .object([time] + members + [moved])
    }

    private func text(_ record: Record) -> String {
        let file = record.file
        let status: String =
            switch file.status {
            case .written: style.green("written  ")
            case .unchanged: style.dim("unchanged")
            case .skipped: style.yellow("skipped  ")
            case .error: style.red("error    ")
            case .changed, .undone, .wouldSkip: file.status.rawValue
            }
        var parts = [Self.localTime(record.time), status, style.bold(file.path)]
        let changes = DiffLine.lines(file.changes, before: file.before, after: file.after).map { line in
            let rules = line.rules.isEmpty ? "" : " " + style.dim("(" + line.rules.joined(separator: ", ") + ")")
            return "\(line.label): \(line.before) → \(line.after)\(rules)"
        }
        if !changes.isEmpty { parts.append(changes.joined(separator: "; ")) }
        if let error = file.error { parts.append(error) }
        if let moved = record.movedTo { parts.append("→ " + moved) }
        return parts.joined(separator: "  ") + "\n"
    }

    /// `2025-05-01T12:03:07.250Z`.
    static func isoTime(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// `2025-05-01 14:03:07`, local time.
    static func localTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }
}
