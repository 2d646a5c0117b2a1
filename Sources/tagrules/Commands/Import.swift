import ArgumentParser
import TagrulesKit

extension Tagrules {
    /// `tagrules import …`: apply forScore's exchange formats to PDFs.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Apply forScore's library metadata CSV to the matching PDFs.",
            subcommands: [ImportCSV.self])
    }
}
