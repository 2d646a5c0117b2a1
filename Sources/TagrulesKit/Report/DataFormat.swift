/// `--format` of the commands whose output is data, not a report (`rules test`, `rules check`,
/// `setlist check`): text or JSON only, so that `--help` lists just those and any other value
/// is refused while parsing.
package enum DataFormat: String, CaseIterable, Sendable {
    /// Aligned, coloured on a terminal: for people.
    case text
    /// For scripts (README "JSON output").
    case json
}
