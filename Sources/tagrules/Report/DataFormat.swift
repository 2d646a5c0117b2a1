import ArgumentParser

/// `--format` of the commands whose output is data, not a report (`rules test`, `rules check`,
/// `setlist check`): text or JSON only, so that `--help` lists just those and any other value
/// is refused while parsing.
enum DataFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Aligned, coloured on a terminal: for people.
    case text
    /// For scripts (README "JSON output").
    case json

    /// The names for `--help`, written out (see ``ReportFormat/allValueStrings``).
    static var allValueStrings: [String] { ["text", "json"] }

    /// No value has a description of its own.
    static var allValueDescriptions: [String: String] { [:] }
}
