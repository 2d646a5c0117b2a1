import MetadataModel

/// What `tagrules setlist check` found: for each entry of a 4SS file, how forScore would match
/// it against the library (file-types.txt: exact, then case-insensitive, then diacritics- and
/// case-insensitive) and what it would then put in the setlist.
///
/// JSON: `{"title", "entries": [{"index", "kind", "path", "title", "embedded", "level",
/// "matches", "outcome"}], "summary": {"entries", "exact", "case-insensitive",
/// "diacritics-insensitive", "missing", "placeholders"}, "diagnostics": [{"line", "severity",
/// "code", "message"}]}`. `level` is null for placeholders; `matches` are library paths.
package struct SetlistCheckReport {
    /// One entry's result.
    package struct Entry {
        /// 1-based position in the file.
        var index: Int
        /// The entry as read.
        var entry: Setlist.Entry
        /// The match; nil for a placeholder.
        var match: SetlistMatch?
        /// The library paths behind `match.filenames`.
        var paths: [String]

        /// Creates the entry at `index` (1-based) as `matcher` matched it.
        package init(index: Int, entry: Setlist.Entry, match: SetlistMatch?, paths: [String]) {
            self.index = index
            self.entry = entry
            self.match = match
            self.paths = paths
        }

        var kind: String {
            switch entry {
            case .score: "score"
            case .bookmark: "bookmark"
            case .placeholder: "placeholder"
            }
        }

        var path: String? {
            switch entry {
            case .score(let path, _, _), .bookmark(let path, _): path
            case .placeholder: nil
            }
        }

        var title: String? {
            switch entry {
            case .score(_, let title, _): title
            case .bookmark(_, let title), .placeholder(let title): title
            }
        }

        var embedded: Bool {
            if case .score(_, _, _?) = entry { return true }
            return false
        }

        /// What forScore puts in the setlist for this entry.
        var outcome: String {
            if embedded { return "forScore 14.3+ adds the embedded PDF as a new file" }
            guard let match else { return "placeholder" }
            switch match.level {
            case .missing:
                return entry.placeholderTitleWhenMissing.map { "placeholder '\($0)' instead" } ?? "omitted (no title)"
            default:
                return paths.count > 1 ? "found \(paths.count) times; forScore's choice is not documented" : "found"
            }
        }
    }

    /// The setlist's name.
    var title: String
    /// Every entry, in file order.
    var entries: [Entry]
    /// What the reader tolerated.
    var diagnostics: [Diagnostic]

    /// Entries at `level`.
    func count(_ level: SetlistMatchLevel) -> Int { entries.filter { $0.match?.level == level }.count }

    /// Whether a score or bookmark entry would not be found (and has no embedded PDF).
    package var hasMissing: Bool { entries.contains { $0.match?.level == .missing && !$0.embedded } }

    package var json: JSONValue {
        .object([
            "title": .string(title),
            "entries": .array(entries.map { entry in
                .object([
                    "index": .int(entry.index), "kind": .string(entry.kind), "path": .string(entry.path),
                    "title": .string(entry.title), "embedded": .bool(entry.embedded),
                    "level": .string(entry.match?.level.rawValue), "matches": .strings(entry.paths),
                    "outcome": .string(entry.outcome),
                ])
            }),
            "summary": .object(
                [JSONValue.Member(key: "entries", value: .int(entries.count))]
                    + SetlistMatchLevel.allCases.map { JSONValue.Member(key: $0.rawValue, value: .int(count($0))) }
                    + [JSONValue.Member(key: "placeholders", value: .int(entries.filter { $0.match == nil }.count))]),
            "diagnostics": .array(diagnostics.map { diagnostic in
                .object([
                    "line": .int(diagnostic.location.line), "severity": .string(diagnostic.severity.rawValue),
                    "code": .string(diagnostic.code.rawValue), "message": .string(diagnostic.message),
                ])
            }),
        ])
    }

    /// One line per entry — level, kind, path and title, what matched, the outcome — then a
    /// summary line.
    package func text(style: Style) -> String {
        var out = style.bold(title) + "\n"
        let width = SetlistMatchLevel.allCases.map(\.rawValue.count).max() ?? 0
        for entry in entries {
            let level = (entry.match?.level.rawValue ?? "placeholder").padding(toLength: width, withPad: " ", startingAt: 0)
            let colored: String =
                switch entry.match?.level {
                case .exact?: style.green(level)
                case .missing?: style.red(level)
                case nil: style.dim(level)
                default: style.yellow(level)
                }
            var line = "  \(entry.index). \(colored)  \(entry.kind)"
            if let path = entry.path { line += " '\(path)'" }
            if let title = entry.title { line += entry.path == nil ? " '\(title)'" : " / '\(title)'" }
            if !entry.paths.isEmpty { line += " → " + entry.paths.joined(separator: ", ") }
            out += line + "  " + style.dim("(\(entry.outcome))") + "\n"
        }
        let counts = SetlistMatchLevel.allCases.map { "\(count($0)) \($0.rawValue)" }
        let placeholders = entries.filter { $0.match == nil }.count
        return out + "\(entries.count) entr\(entries.count == 1 ? "y" : "ies"): " + counts.joined(separator: ", ")
            + ", \(placeholders) placeholder\(placeholders == 1 ? "" : "s")\n"
    }

    /// Creates the report on the setlist `title`.
    package init(title: String, entries: [Entry], diagnostics: [Diagnostic]) {
        self.title = title
        self.entries = entries
        self.diagnostics = diagnostics
    }
}
