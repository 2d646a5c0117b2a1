import Platform

/// The files and folders `--exclude GLOB` leaves out (repeatable; the config file's `exclude`
/// adds to them), as the shell matches globs (`fnmatch`): `*`, `?`, `[…]`.
///
/// A pattern without a slash is matched against the name of each file and folder (`drafts`
/// skips every folder called drafts, `*.draft.pdf` every such file); one with a slash against
/// the whole path as tagrules names it, where `*` matches slashes too (`*/old/*.pdf`). An
/// excluded folder is not entered. Paths named on the command line are matched as well.
package struct PathExclusion: Sendable, Hashable {
    /// The patterns, as given.
    package let patterns: [String]

    /// Excludes what any of `patterns` matches.
    package init(_ patterns: [String]) {
        self.patterns = patterns
    }

    /// Whether nothing is excluded.
    package var isEmpty: Bool { patterns.isEmpty }

    /// Whether the file or folder at `path` is left out.
    package func excludes(_ path: String) -> Bool {
        guard !patterns.isEmpty else { return false }
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let name = trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
        return patterns.contains { pattern in
            fnmatch(pattern, pattern.contains("/") ? String(trimmed) : name, 0) == 0
        }
    }
}
