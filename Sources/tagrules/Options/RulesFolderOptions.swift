import ArgumentParser
import Foundation
import RuleHost
import TagrulesKit

/// The rules and format of `rules check` and `rules test`: rules folders (layered, as with
/// `--rules`) or one rule file.
struct RulesFolderOptions: ParsableArguments {
    /// The rules folders, or one rule file.
    @Argument(help: ArgumentHelp(
        "Rules folders ('builtin': the shipped rules; several are layered, as with --rules), or one rule file (*.lua). Default: the config file's rules, else ./rules, else $XDG_CONFIG_HOME/tagrules/rules.",
        valueName: "path"))
    var paths: [String] = []

    /// `--format text|json`.
    @Option(help: ArgumentHelp("Report format: text or json.", valueName: "format"))
    var format: DataFormat = .text

    /// `--strict`.
    @Flag(help: "Treat warnings as failures.")
    var strict = false

    func validate() throws {
        if let file = ruleFile {
            guard paths.count == 1 else { throw ValidationError("give one rule file, or rules folders, not both") }
            guard FileManager.default.fileExists(atPath: file) else { throw ValidationError("'\(file)': no such rule file") }
        } else if !paths.isEmpty {
            _ = try RulesOptions.folders(paths, flag: "path")
        }
    }

    /// The one rule file given, when a path ends in `.lua`.
    private var ruleFile: String? { paths.first { $0.hasSuffix(".lua") } }

    /// The rules the paths name, loaded.
    ///
    /// - Throws: `ValidationError` when no rules folder is given or found; `CLIError`
    ///   (`rules-unavailable`) when the rules cannot be loaded.
    func load() throws -> RuleSet {
        let folders = ruleFile == nil ? try RulesOptions.folders(paths, flag: "path") : []
        do {
            if let ruleFile { return try RuleSet.load(file: URL(fileURLWithPath: ruleFile)) }
            return try RuleSet.load(folders: folders)
        } catch {
            throw CLIError(.rulesUnavailable, "cannot load the rules: \(error)")
        }
    }
}
