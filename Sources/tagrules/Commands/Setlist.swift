import ArgumentParser
import MetadataModel
import TagrulesKit

extension Tagrules {
    /// `tagrules setlist …`: write an Open Setlist (4SS) file, or check one against a library.
    struct SetlistCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "setlist",
            abstract: "Write an Open Setlist (4SS) file for forScore, or check one against a library.",
            subcommands: [SetlistCreate.self, SetlistCheck.self],
            defaultSubcommand: SetlistCreate.self)
    }
}

/// `tagrules setlist [create] --title "…" PATH… [--where EXPR] [--sort …] [--embed]`: an Open
/// Setlist (file-types.txt) of the scores, written to standard output or `--output`.
struct SetlistCreate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Write an Open Setlist (4SS) of the PDFs (the default subcommand).",
        discussion: """
            Each score is listed by its file name (how forScore finds it in its library) with the title forScore shows, which becomes a placeholder when the file is missing. Examples:
              tagrules setlist --title "Spring recital" library/ --sort title --output recital.4ss
              tagrules setlist --title "Romantic" library/ --where 'score.rating ~= nil and score.rating >= 4 and score.genres:has("Romantic")'

            --where is a Lua expression over `score`, evaluated in the rules sandbox (the same `score` object as in a rule's apply; unset numbers are nil). A score on which it fails is left out and reported.

            Exit status: 0 success; 1 when a file could not be read, a rule failed or --where failed on a score (the setlist is still written, without them); 64 for usage errors, including a --where that does not compile.
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var exchange: ExchangeOptions

    /// `--title`.
    @Option(help: ArgumentHelp("The setlist's name.", valueName: "text"))
    var title: String

    /// `--where EXPR`.
    @Option(name: .customLong("where"), help: ArgumentHelp(
        "Keep only scores for which this Lua expression is true, e.g. 'score.genres:has(\"Romantic\")'.",
        valueName: "expression"))
    var condition: String?

    /// `--sort`.
    @Option(help: ArgumentHelp(
        "Order: title, composer (by surname, from the shipped composer table; then title), key (C♭ … C♯, major before relative minor) or path (file name); default: as found.",
        valueName: "order"))
    var sort: SetlistOrder?

    /// `--embed`.
    @Flag(help: "Embed each score's PDF (base64 data, forScore 14.3+) so the setlist works without the library.")
    var embed = false

    /// `--bookmarks`.
    @Flag(help: "List a score with outline bookmarks as its bookmarks (bookmark entries) instead of the whole score.")
    var bookmarks = false

    /// `--placeholder`.
    @Option(help: ArgumentHelp("Append a placeholder with this title; repeatable.", valueName: "title"))
    var placeholder: [String] = []

    func validate() throws {
        guard !title.isEmpty else { throw ValidationError("--title: a setlist needs a non-empty name") }
        if placeholder.contains(where: \.isEmpty) { throw ValidationError("--placeholder: the title must not be empty") }
        // Compiled here too, so that a syntax error is a usage error of this subcommand.
        if let condition {
            do {
                _ = try ScoreFilter(condition, rules: try exchange.rulesFolders())
            } catch let error as CLIError {
                throw ValidationError(error.description)
            }
        }
    }

    func run() throws {
        let rules = try exchange.rulesFolders()
        let filter = try condition.map { try ScoreFilter($0, rules: rules) }
        let discovery = try input.discover()
        var (scores, failed) = try ExchangeScores.load(
            discovery.files, rules: rules, jobs: try input.jobCount(), password: input.resolvedPassword)
        if let filter {
            let filtered = filter.filter(scores)
            scores = filtered.kept
            failed = failed || filtered.failed
        }
        DuplicateFilenames.warn(scores, matching: "setlist entries")
        var surname: @Sendable (String) -> String = SetlistOrder.lastWord
        if sort == .composer {
            switch ComposerNames.shipped() {
            case .success(let names): surname = names.surname(of:)
            case .failure(let error):
                DiagnosticPrinter().print(
                    path: nil, severity: .warning, message: "\(error.message); composers sort by the last word of their names")
            }
        }
        let builder = SetlistBuilder(
            title: title, order: sort, bookmarks: bookmarks, embed: embed, placeholders: placeholder, surname: surname)
        try exchange.write(try builder.setlist(scores).xml)
        if failed || discovery.hasErrors { throw ExitCode.failure }
    }
}
