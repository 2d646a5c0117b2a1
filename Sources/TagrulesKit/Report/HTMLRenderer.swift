import MetadataModel

/// The HTML report: one self-contained page (no scripts, no external files) with a summary,
/// charts of the library's keys on a circle of fifths and its genres and composers, and a
/// diff per file.
package struct HTMLRenderer {
    /// The change report as a page; the charts show the library after the change.
    package func render(_ report: ChangeReport) -> String {
        let summary = report.summary
        let title = "tagrules \(report.command)"
        var body = "<header><h1>\(HTML.escape(title))</h1>"
        body += "<p class=\"sub\">\(summary.files) PDF file\(summary.files == 1 ? "" : "s") · forScore metadata \(report.command == "plan" ? "before → after the rules" : "changes")</p></header>\n"
        body += "<section class=\"cards\">"
        body += card(summary.files, "files", "files")
        body += card(report.files.filter { $0.status == .changed }.count, report.command == "plan" ? "to change" : "changed", "changed")
        if summary.written > 0 || report.command == "apply" || report.command == "set" { body += card(summary.written, "written", "written") }
        if summary.undone > 0 || report.command == "undo" { body += card(summary.undone, "undone", "undone") }
        body += card(summary.unchanged, "unchanged", "unchanged")
        body += card(summary.skipped, "skipped", "skipped")
        if summary.wouldSkip > 0 || report.command == "plan" { body += card(summary.wouldSkip, "apply would skip", "skipped") }
        body += card(summary.errors, "errors", "errors")
        body += "</section>\n"
        let library = report.files.compactMap { $0.after ?? $0.before }
        body += charts(LibraryStats(library), caption: "Keys after the change")
        body += "<h2>Files</h2>\n"
        var unchanged: [FileChange] = []
        for file in report.files {
            guard file.status != .unchanged else {
                unchanged.append(file)
                continue
            }
            body += article(file)
        }
        if !unchanged.isEmpty {
            body += "<details class=\"unchanged\"><summary>\(unchanged.count) unchanged file\(unchanged.count == 1 ? "" : "s")</summary><ul>"
            body += unchanged.map { "<li><code>\(HTML.escape($0.path))</code>\(HTML.diagnostics($0.diagnostics))</li>" }.joined()
            body += "</ul></details>\n"
        }
        return HTML.page(title: title, body: body)
    }

    /// The inspect report as a page: charts of the library as it is, and each file's fields.
    package func render(_ report: InspectReport) -> String {
        let readable = report.files.filter(\.isReadable)
        var body = "<header><h1>tagrules inspect</h1><p class=\"sub\">\(report.files.count) PDF files · forScore's view</p></header>\n"
        body += "<section class=\"cards\">" + card(report.files.count, "files", "files")
        body += card(readable.count, "read", "written") + card(report.files.count - readable.count, "not read", "errors") + "</section>\n"
        body += charts(LibraryStats(readable.map(\.metadata)), caption: "Keys")
        body += "<h2>Files</h2>\n"
        for score in report.files {
            body += "<article><h3><code>\(HTML.escape(score.path))</code>"
            guard score.isReadable else {
                body += "<span class=\"badge error\">not read</span></h3>"
                body += "<p class=\"error-line\">\(HTML.escape(score.failure?.message ?? "unknown failure"))</p></article>\n"
                continue
            }
            body += "<span class=\"badge\">\(score.pages.map { "\($0) page\($0 == 1 ? "" : "s")" } ?? "pages unknown")</span></h3><table class=\"fields\">"
            for field in MetadataField.allCases where ![.labels, .keysf, .keymi].contains(field) {
                body += "<tr><td class=\"field\">\(field.rawValue)</td><td>\(HTML.escape(ValueText.value(score.metadata[field], field: field)))</td></tr>"
            }
            body += "<tr><td class=\"field\">key</td><td>\(HTML.escape(ValueText.key(score.metadata)))</td></tr>"
            for key in score.info.keys.sorted() {
                body += "<tr><td class=\"field\">/\(HTML.escape(key))</td><td><code>\(HTML.escape(score.info[key] ?? ""))</code></td></tr>"
            }
            body += "</table>" + HTML.diagnostics(score.diagnostics) + "</article>\n"
        }
        return HTML.page(title: "tagrules inspect", body: body)
    }

    private func card(_ value: Int, _ label: String, _ kind: String) -> String {
        "<div class=\"card \(kind)\"><b>\(value)</b><span>\(HTML.escape(label))</span></div>"
    }

    private func charts(_ stats: LibraryStats, caption: String) -> String {
        var out = "<h2>Library</h2>\n<section class=\"charts\"><figure class=\"panel\" style=\"margin:0\">"
        out += CircleOfFifthsChart(stats: stats).svg()
        out += "<figcaption class=\"sub\" style=\"text-align:center;margin:6px 0 0\">\(HTML.escape(caption)) on the circle of fifths</figcaption></figure>"
        out += "<div class=\"lists\"><div class=\"panel\">" + HTML.bars(title: "Genres", rows: stats.genres) + "</div>"
        out += "<div class=\"panel\">" + HTML.bars(title: "Composers", rows: stats.composers) + "</div></div></section>\n"
        return out
    }

    private func article(_ file: FileChange) -> String {
        var out = "<article class=\"\(file.status.rawValue)\"><h3><code>\(HTML.escape(file.path))</code>"
        out += "<span class=\"badge \(file.status.rawValue)\">\(file.status.rawValue)</span></h3>"
        if let error = file.error { out += "<p class=\"error-line\">\(HTML.escape(error))</p>" }
        let lines = DiffLine.lines(file.changes, before: file.before, after: file.after)
        if !lines.isEmpty {
            out += "<table class=\"diff\"><colgroup><col class=\"field\"><col class=\"before\"><col class=\"after\"><col></colgroup>"
            out += "<tr><th>field</th><th>before</th><th>after</th><th>rules</th></tr>"
            for line in lines {
                out += "<tr><td class=\"field\">\(HTML.escape(line.label))</td><td class=\"before\">\(HTML.escape(line.before))</td>"
                out += "<td class=\"after\">\(HTML.escape(line.after))</td><td class=\"rules\">\(HTML.escape(line.provenance.joined(separator: ", ")))</td></tr>"
            }
            out += "</table>"
        }
        // The error line already says what the failure diagnostic says.
        let rest = file.diagnostics.filter { diagnostic in file.error.map { !diagnostic.message.hasSuffix($0) } ?? true }
        return out + HTML.diagnostics(rest) + "</article>\n"
    }

    /// Creates the renderer.
    package init() {}
}
