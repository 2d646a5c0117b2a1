import MetadataModel

/// What happened to one file.
package enum FileStatus: String, Sendable, Hashable {
    /// forScore's view would change (plan), or the file is left to change (set --dry-run).
    case changed
    /// Nothing to change, or nothing to undo.
    case unchanged
    /// The file could not be read, or the write failed; `error` says why.
    case error
    /// The change was written.
    case written
    /// The change must not be written; `error` says why; the file is untouched.
    case skipped
    /// A dry run: forScore's view would change, but `apply` would skip the file (damaged,
    /// signed, read-only, no permission); a warning says why.
    case wouldSkip = "would-skip"
    /// The last tagrules revision was removed.
    case undone
}

/// One changed field and the rules that changed it (`rules` empty when only validation did).
struct ReportChange: Sendable, Hashable {
    var change: MetadataChange
    var rules: [String]
    /// Where those rules read the value (`Nocturne.mscz`, `page 1`; `AttributedChange.from`).
    var from: [String] = []
}

/// One file of a ``ChangeReport``.
package struct FileChange: Sendable {
    /// The path as discovered.
    var path: String
    /// What happened.
    package var status: FileStatus
    /// Why the file is `error` or `skipped`.
    var error: String?
    /// forScore's view before; nil when the file could not be read.
    var before: ScoreMetadata?
    /// forScore's view after (validated); nil when the file could not be read.
    var after: ScoreMetadata?
    /// The fields that differ, in `MetadataField` order.
    var changes: [ReportChange] = []
    /// What the reader, the codec, the rules and the writer reported.
    package var diagnostics: [Diagnostic] = []
}
