import ArgumentParser
import Foundation
import TagrulesKit

/// The folder argument and format of the `rules` subcommands.
struct RulesFolderOptions: ParsableArguments {
    /// The rules folder.
    @Argument(help: ArgumentHelp(
        "The rules folder (default: ./rules, else $XDG_CONFIG_HOME/tagrules/rules or ~/.config/tagrules/rules).",
        valueName: "dir"))
    var folder: String?

    /// `--format text|json`.
    @Option(help: ArgumentHelp("Report format: text or json.", valueName: "format"))
    var format: DataFormat = .text

    /// `--strict`.
    @Flag(help: "Treat warnings as failures.")
    var strict = false

    func validate() throws {
        if folder != nil { _ = try RulesOptions.folder(folder, flag: "dir") }
    }

    /// The folder to use.
    func resolved() throws -> URL { try RulesOptions.folder(folder, flag: "dir") }
}
