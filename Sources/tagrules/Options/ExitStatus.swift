import ArgumentParser
import MetadataModel
import TagrulesKit

/// The exit codes (issue 5): 0 success; 1 when a file failed (not read, not written), a rule
/// failed on a score (an error diagnostic), or `--strict` finds a warning; with `--exit-code`,
/// 2 when nothing failed and changes are pending; 64 for usage errors (ArgumentParser's
/// `ValidationError`).
enum ExitStatus {
    /// `--exit-code`: no failure, and changes are pending (apply would write files), as
    /// `terraform plan -detailed-exitcode` tells them apart from errors.
    static let changesPending = ExitCode(2)

    /// The status of a change report.
    ///
    /// - Parameters:
    ///   - strict: `--strict`: warnings fail too.
    ///   - failOnChanges: `--exit-code`: pending changes give ``changesPending`` (files apply
    ///     would skip are not pending: apply would not change them).
    static func of(_ report: ChangeReport, strict: Bool, failOnChanges: Bool = false) -> ExitCode {
        let summary = report.summary
        if summary.errors > 0 || summary.skipped > 0 { return .failure }
        let failing: Diagnostic.Severity = strict ? .warning : .error
        if report.files.contains(where: { $0.diagnostics.contains { $0.severity >= failing } }) { return .failure }
        if failOnChanges, report.files.contains(where: { $0.status == .changed }) { return changesPending }
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
