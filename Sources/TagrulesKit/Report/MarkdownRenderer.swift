import MetadataModel

/// Markdown reports: a summary table, then a table of changes per file — for pull requests,
/// issues and notes.
package struct MarkdownRenderer {
    /// The change report as Markdown.
    package func render(_ report: ChangeReport) -> String {
        let summary = report.summary
        var out = "# tagrules \(report.command)\n\n"
        out += "| files | changed | unchanged | written | undone | skipped | would skip | errors |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        out += "| \(summary.files) | \(summary.changed) | \(summary.unchanged) | \(summary.written) | \(summary.undone) | \(summary.skipped) | \(summary.wouldSkip) | \(summary.errors) |\n"
        for file in report.files where file.status != .unchanged || !file.diagnostics.isEmpty {
            out += "\n## \(code(file.path)) — \(file.status.rawValue)\n\n"
            if let error = file.error { out += "**\(file.status == .error ? "Error" : "Not written")**: \(cell(error))\n\n" }
            let lines = DiffLine.lines(file.changes, before: file.before, after: file.after)
            if !lines.isEmpty {
                out += "| field | before | after | rules |\n|---|---|---|---|\n"
                for line in lines {
                    out += "| \(line.label) | \(cell(line.before)) | \(cell(line.after)) | \(cell(line.provenance.joined(separator: ", "))) |\n"
                }
                out += "\n"
            }
            out += diagnostics(file.diagnostics)
        }
        let unchanged = report.files.filter { $0.status == .unchanged && $0.diagnostics.isEmpty }
        if !unchanged.isEmpty {
            out += "\n## Unchanged\n\n" + unchanged.map { "- \(code($0.path))\n" }.joined()
        }
        return out
    }

    /// The inspect report as Markdown: a table of forScore's fields per file.
    package func render(_ report: InspectReport) -> String {
        var out = "# tagrules inspect\n\n\(report.files.count) files\n"
        for score in report.files {
            out += "\n## \(code(score.path))\n\n"
            guard score.isReadable else {
                out += "**Not read**: \(cell(score.failure?.message ?? "unknown failure"))\n"
                continue
            }
            out += "| field | value |\n|---|---|\n"
            for field in MetadataField.allCases where field != .labels && field != .keysf && field != .keymi {
                out += "| \(field.rawValue) | \(cell(ValueText.value(score.metadata[field], field: field))) |\n"
            }
            out += "| key | \(cell(ValueText.key(score.metadata))) |\n"
            out += "| pages | \(score.pages.map(String.init) ?? "—") |\n\n"
            if !score.info.isEmpty {
                out += "Info: " + score.info.keys.sorted().map { "\(code($0)) = \(cell(score.info[$0] ?? ""))" }.joined(separator: "; ") + "\n\n"
            }
            if !score.toc.isEmpty {
                out += "Outline:\n\n" + score.toc.map { entry in
                    String(repeating: "  ", count: min(entry.level, 8)) + "- " + cell(entry.title) + "\n"
                }.joined() + "\n"
            }
            out += diagnostics(score.diagnostics)
        }
        return out
    }

    private func diagnostics(_ list: [Diagnostic]) -> String {
        guard !list.isEmpty else { return "" }
        return list.map { "- \($0.severity.rawValue): \(cell($0.locatedMessage)) `\($0.code)`\n" }.joined() + "\n"
    }

    /// Text safe inside a table cell: pipes escaped, line breaks as spaces.
    private func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "\n", "\r", "\r\n": out += " "
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A path or key as inline code, with backticks in it doubled around.
    private func code(_ text: String) -> String {
        text.contains("`") ? "`` \(text) ``" : "`\(text)`"
    }

    /// Creates the renderer.
    package init() {}
}
