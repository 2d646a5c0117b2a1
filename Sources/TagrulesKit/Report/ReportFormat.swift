import Foundation

/// The report formats.
package enum ReportFormat: String, CaseIterable, Sendable {
    /// Aligned, coloured on a terminal: for people.
    case text
    /// The stable contract for scripts (README "JSON output").
    case json
    /// Tables, for pull requests and notes.
    case markdown
    /// One self-contained page with diffs and charts.
    case html

    /// The format a file name implies (`report.html` → html), if any.
    package init?(fileName: String) {
        switch (fileName as NSString).pathExtension.lowercased() {
        case "json": self = .json
        case "md", "markdown": self = .markdown
        case "html", "htm": self = .html
        case "txt": self = .text
        default: return nil
        }
    }
}
