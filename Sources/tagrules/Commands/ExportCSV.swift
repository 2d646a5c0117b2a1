import ArgumentParser
import MetadataModel
import TagrulesKit

/// `tagrules export csv PATH… [--rules DIR] [--tsv] [--output FILE]`: forScore's library
/// metadata CSV (forscore-notes.md, "forScore's library metadata CSV"), one row per score and
/// one per bookmark of its outline, for forScore's Backups panel import.
struct ExportCSV: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Write forScore's 15-column library metadata CSV (import it in forScore's Backups panel).",
        discussion: """
            One row per score, then one row per bookmark forScore would import from the score's outline (each item ends on the page before the next; link items are left out). Filename is the file's name exactly, the key forScore matches on. With --rules, the values are those `plan` would write.

            Exit status: 0 success; 1 when a file could not be read or a rule failed (the CSV is still written, without that file); 64 for usage errors.
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var exchange: ExchangeOptions

    /// `--tsv`.
    @Flag(help: "Write tab-separated values instead (also chosen by an --output name ending in .tsv).")
    var tsv = false

    func run() throws {
        let discovery = try input.discover()
        let (scores, failed) = try ExchangeScores.load(
            discovery.files, rules: try exchange.rulesFolders(), jobs: try input.jobCount(), password: input.resolvedPassword)
        let separator: LibraryCSV.Separator =
            tsv || exchange.output?.lowercased().hasSuffix(".tsv") == true ? .tab : .comma
        DuplicateFilenames.warn(scores, matching: "CSV rows")
        try exchange.write(LibraryCSV.encode(rows: Self.rows(scores), separator: separator))
        if failed || discovery.hasErrors { throw ExitCode.failure }
    }

    /// The rows of `scores`: each score's row, then its bookmarks' rows.
    static func rows(_ scores: [ExchangeScore]) -> [LibraryCSVRow] {
        scores.flatMap { score in
            LibraryCSV.rows(filename: score.filename, metadata: score.metadata, bookmarks: score.loaded.bookmarks)
        }
    }
}
