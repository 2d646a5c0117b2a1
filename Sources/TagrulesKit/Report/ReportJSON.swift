import MetadataModel

/// The JSON contract (README "JSON output"): every key always present, missing values `null`,
/// lists arrays.
extension ChangeReport {
    /// `{"files": […], "summary": {…}}`.
    package var json: JSONValue {
        let summary = self.summary
        return .object([
            "files": .array(files.map(\.json)),
            "summary": .object([
                "files": .int(summary.files), "changed": .int(summary.changed), "unchanged": .int(summary.unchanged),
                "errors": .int(summary.errors), "written": .int(summary.written), "skipped": .int(summary.skipped),
                "would_skip": .int(summary.wouldSkip),
                "undone": .int(summary.undone),
            ]),
        ])
    }
}

extension FileChange {
    /// `{"path", "status", "error", "before", "after", "changes", "diagnostics"}`.
    var json: JSONValue {
        .object([
            "path": .string(path),
            "status": .string(status.rawValue),
            "error": .string(error),
            "before": before.map(\.json) ?? .null,
            "after": after.map(\.json) ?? .null,
            "changes": .array(changes.map { item in
                .object([
                    "field": .string(item.change.field.rawValue), "before": item.change.before.json,
                    "after": item.change.after.json, "rules": .strings(item.rules), "from": .strings(item.from),
                ])
            }),
            "diagnostics": .array(diagnostics.map(\.json)),
        ])
    }
}

extension InspectReport {
    /// `{"files": [{"path", "status", "error", "pages", "metadata", "info", "toc", "source", "diagnostics"}]}`.
    package var json: JSONValue {
        .object(["files": .array(files.map { score in
            .object([
                "path": .string(score.path),
                "status": .string(score.isReadable ? "ok" : "error"),
                "error": .string(score.failure?.message),
                "pages": .int(score.pages),
                "metadata": score.isReadable ? score.metadata.json : .null,
                "info": .object(score.info.sorted { $0.key < $1.key }.map { JSONValue.Member(key: $0.key, value: .string($0.value)) }),
                "toc": .array(score.toc.map(\.json)),
                "source": score.notation?.json ?? .null,
                "diagnostics": .array(score.diagnosticsWithFailure.map(\.json)),
            ])
        })])
    }
}

extension ScoreMetadata {
    /// Every field in `MetadataField` order: `{"title", "composers", …, "keymi"}`.
    var json: JSONValue {
        .object(MetadataField.allCases.map { JSONValue.Member(key: $0.rawValue, value: self[$0].json) })
    }
}

extension FieldValue {
    /// A string or null, an array of strings, a number or null.
    package var json: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .list(let list): .strings(list)
        case .number(let number): .int(number)
        }
    }
}

extension Diagnostic {
    /// `{"severity", "code", "message"}`, the message with its location (``locatedMessage``).
    package var json: JSONValue {
        .object(["severity": .string(severity.rawValue), "code": .string(code.rawValue), "message": .string(locatedMessage)])
    }
}

extension TOCEntry {
    /// `{"title", "level", "page", "uri", "file"}`: `page` 1-based; `uri` and `file` for URL and
    /// remote-file items.
    var json: JSONValue {
        var page: Int?
        var uri: String?
        var file: String?
        switch target {
        case .page(let index): page = index.addingReportingOverflow(1).overflow ? nil : index + 1
        case .uri(let text): uri = text
        case .remote(let name): file = name
        case .none: break
        }
        return .object([
            "title": .string(title), "level": .int(level), "page": .int(page), "uri": .string(uri), "file": .string(file),
        ])
    }
}

extension NotationSource {
    /// `{"format", "path", "title", "subtitle", "movement", "composers", "lyricists", "arrangers",
    /// "opus", "keysf", "keymi", "time", "tempo": {"text", "bpm"} | null, "parts": [{"name",
    /// "instrument"}]}`; `bpm` (quarter notes per minute) rounded to a whole number.
    var json: JSONValue {
        .object([
            "format": .string(format.rawValue), "path": .string(path), "title": .string(title),
            "subtitle": .string(subtitle), "movement": .string(movement), "composers": .strings(composers),
            "lyricists": .strings(lyricists), "arrangers": .strings(arrangers), "opus": .string(opus),
            "keysf": .int(keysf), "keymi": .int(keymi), "time": .string(time),
            "tempo": tempo.map { tempo in
                .object(["text": .string(tempo.text), "bpm": .int(tempo.quarterNotesPerMinute.map { Int($0.rounded()) })])
            } ?? .null,
            "parts": .array(parts.map { .object(["name": .string($0.name), "instrument": .string($0.instrument)]) }),
        ])
    }
}
