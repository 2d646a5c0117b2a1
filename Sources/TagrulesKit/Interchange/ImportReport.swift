import MetadataModel

/// What `import csv` reports: the change report of the matched PDFs, as `plan` and `apply`
/// write it, and the CSV rows that did not become PDF changes.
///
/// JSON: the change report's `{"files", "summary"}` plus `"rows": [{"line", "filename",
/// "kind", "severity", "path", "message"}]`, `kind` one of `bookmark`, `unmatched`,
/// `ambiguous`, `duplicate`.
package struct ImportReport {
    /// The matched PDFs.
    package var changes: ChangeReport
    /// The rows not applied.
    var rows: [CSVImportPlan.RowNote]

    package var json: JSONValue {
        var members: [JSONValue.Member] = []
        if case .object(let report) = changes.json { members = report }
        members.append(JSONValue.Member(key: "rows", value: .array(rows.map { row in
            .object([
                "line": .int(row.line), "filename": .string(row.filename), "kind": .string(row.kind.rawValue),
                "severity": .string(row.severity.rawValue), "path": .string(row.path), "message": .string(row.message),
            ])
        })))
        return .object(members)
    }

    /// The change report's text, then one line per row not applied.
    package func text(style: Style, verbose: Bool) -> String {
        var out = TextRenderer(style: style, verbose: verbose).render(changes)
        guard !rows.isEmpty else { return out }
        out += "\nCSV rows not applied to PDFs:\n"
        for row in rows {
            let kind = row.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
            out += "  line \(row.line)  \(style.dim(kind))  \(row.filename): \(row.message)\n"
        }
        return out
    }

    /// Creates the report of an import: the changes and the notes on its rows.
    package init(changes: ChangeReport, rows: [CSVImportPlan.RowNote]) {
        self.changes = changes
        self.rows = rows
    }
}
