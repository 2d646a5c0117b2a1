import MetadataModel

/// What `plan`, `apply`, `set` and `undo` found and did: one entry per file and a summary.
///
/// JSON (the documented contract, README "JSON output"):
/// `{"files": [{"path", "status", "error", "before", "after", "changes": [{"field", "before",
/// "after", "rules"}], "diagnostics": [{"severity", "code", "message"}]}], "summary": {"files",
/// "changed", "unchanged", "errors", "written", "skipped", "would_skip", "undone"}}`.
package struct ChangeReport: Sendable {
    /// The command that made the report (`plan`, `apply`, `set`, `undo`), for titles.
    var command: String
    /// One entry per file, in discovery order.
    package var files: [FileChange]

    /// Counts over `files`.
    package var summary: Summary { Summary(files) }

    /// The file counts of a report.
    package struct Summary: Sendable, Hashable {
        /// Files looked at.
        var files = 0
        /// Files whose forScore view differs after the change (written or not).
        var changed = 0
        /// Files with nothing to change.
        var unchanged = 0
        /// Files that could not be read, or whose write failed.
        package var errors = 0
        /// Files written.
        var written = 0
        /// Files with changes that must not be written (damaged, encrypted, signed, read-only).
        package var skipped = 0
        /// Files with changes a dry run says `apply` would skip.
        var wouldSkip = 0
        /// Files whose last tagrules revision was removed.
        var undone = 0

        init(_ entries: [FileChange]) {
            files = entries.count
            for entry in entries {
                switch entry.status {
                case .changed: changed += 1
                case .unchanged: unchanged += 1
                case .error: errors += 1
                case .written: written += 1; changed += 1
                case .skipped: skipped += 1; changed += 1
                case .wouldSkip: wouldSkip += 1; changed += 1
                case .undone: undone += 1; changed += 1
                }
            }
        }
    }
}
