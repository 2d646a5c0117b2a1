import ArgumentParser
import TagrulesKit

/// The exit codes (issue 5): 0 success; 1 when a file failed (not read, not written), a rule
/// failed on a score (an error diagnostic), `--strict` finds a warning, or `--exit-code` finds
/// pending changes; 64 for usage errors (ArgumentParser's `ValidationError`).
enum ExitStatus {
    /// The status of a change report.
    ///
    /// - Parameters:
    ///   - strict: `--strict`: warnings fail too.
    ///   - failOnChanges: `--exit-code`: pending changes fail, as in `git diff --exit-code`.
    static func of(_ report: ChangeReport, strict: Bool, failOnChanges: Bool = false) -> ExitCode {
        let summary = report.summary
        if summary.errors > 0 || summary.skipped > 0 { return .failure }
        let failing: ReportDiagnostic.Severity = strict ? .warning : .error
        if report.files.contains(where: { $0.diagnostics.contains { $0.severity >= failing } }) { return .failure }
        if failOnChanges, report.files.contains(where: { $0.status == .changed }) { return .failure }
        return .success
    }

    /// The status of an inspect report: 1 when a file could not be read (or, strict, when any
    /// file has a warning).
    static func of(_ report: InspectReport, strict: Bool) -> ExitCode {
        if report.files.contains(where: { !$0.isReadable }) { return .failure }
        if strict, report.files.contains(where: { $0.diagnostics.contains { $0.severity >= .warning } }) {
            return .failure
        }
        return .success
    }
}
