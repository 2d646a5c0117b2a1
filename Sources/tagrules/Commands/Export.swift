import ArgumentParser
import TagrulesKit

extension Tagrules {
    /// `tagrules export …`: forScore's exchange formats, written from the PDFs' metadata.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write forScore's exchange formats: the library metadata CSV, Open In annotations.",
            subcommands: [ExportCSV.self, ExportAnnotations.self])
    }
}
