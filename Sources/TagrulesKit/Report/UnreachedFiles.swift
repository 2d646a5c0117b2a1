import MetadataModel
import PDFInfo

/// Entries for the paths discovery could not take although a PDF may be there
/// (`FileDiscovery.unreached`): each is an error entry of the report, counted in its summary,
/// so that a script reading the JSON sees the failure the exit status tells.
extension FileChange {
    /// The error entry of a path discovery could not take.
    init(unreached problem: FileDiscovery.Problem) {
        self.init(path: problem.path, status: .error, error: problem.message)
        diagnostics = [Diagnostic(severity: .error, code: Diagnostic.Code(PDFError.Code.ioFailure), message: problem.message)]
    }
}

extension ChangeReport {
    /// The report with an error entry for each of `unreached` after its files; the report
    /// itself when there is none (appending nothing would still copy every entry, which the
    /// flow that made them holds).
    package func including(_ unreached: [FileDiscovery.Problem]) -> ChangeReport {
        guard !unreached.isEmpty else { return self }
        var report = self
        report.files += unreached.map(FileChange.init(unreached:))
        return report
    }
}

extension LoadedScore {
    /// A score for a path discovery could not take: unread, with the reason as its failure.
    package init(unreached problem: FileDiscovery.Problem) {
        self.init(path: problem.path)
        failure = PDFError(.ioFailure, problem.message, path: problem.path)
    }
}
