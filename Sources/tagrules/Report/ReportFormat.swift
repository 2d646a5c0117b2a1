import ArgumentParser
import Foundation

/// The report formats.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Aligned, coloured on a terminal: for people.
    case text
    /// The stable contract for scripts (README "JSON output").
    case json
    /// Tables, for pull requests and notes.
    case markdown
    /// One self-contained page with diffs and charts.
    case html

    /// The formats' names for `--help`: what ArgumentParser's default gives (each raw value's
    /// `"\(rawValue)"`), written out, because the default's key path and generic interpolation cost
    /// 1.9 M instructions of run-time type lookups before every command that takes `--format`.
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }

    /// No value has a description of its own: what ArgumentParser's default finds by comparing
    /// each raw value's description with the value's, which are the same text.
    static var allValueDescriptions: [String: String] { [:] }

    /// The format a file name implies (`report.html` → html), if any.
    init?(fileName: String) {
        switch (fileName as NSString).pathExtension.lowercased() {
        case "json": self = .json
        case "md", "markdown": self = .markdown
        case "html", "htm": self = .html
        case "txt": self = .text
        default: return nil
        }
    }
}
