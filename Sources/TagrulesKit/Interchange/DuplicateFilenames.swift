/// Scores that share a file name. forScore's library is one flat folder and its exchange files
/// name each score by its file name only, so two scores of the same name in different folders
/// cannot be told apart: `export csv` and `setlist` still write both, and warn.
package enum DuplicateFilenames {
    /// Warns on standard error about each score whose file name is that of an earlier one:
    /// `path: warning: file name 'x.pdf' is also that of a/x.pdf; forScore matches … by file name only [duplicate-filename]`.
    ///
    /// - Parameters:
    ///   - scores: The scores written, in order.
    ///   - entries: What forScore matches by file name, e.g. `CSV rows` or `setlist entries`.
    package static func warn(_ scores: [ExchangeScore], matching entries: String) {
        var seen: [String: String] = [:]
        let printer = DiagnosticPrinter()
        for score in scores {
            if let first = seen[score.filename] {
                printer.print(
                    path: score.loaded.path, severity: .warning,
                    message: "file name '\(score.filename)' is also that of \(first); forScore matches \(entries) by file name only",
                    code: "duplicate-filename")
            } else {
                seen[score.filename] = score.loaded.path
            }
        }
    }
}
