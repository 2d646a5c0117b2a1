import ArgumentParser
import TagrulesKit

extension Tagrules {
    /// `tagrules rules …`: work on rule files without touching PDFs.
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rules",
            abstract: "Check rule files, run their examples, start a new one.",
            subcommands: [RulesTest.self, RulesCheck.self, RulesNew.self])
    }
}
