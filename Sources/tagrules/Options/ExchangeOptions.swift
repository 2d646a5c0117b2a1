import ArgumentParser
import Foundation
import TagrulesKit

/// What the commands that write forScore's exchange formats share (`export csv`, `export
/// annotations`, `setlist`): the values come from the PDFs, after the rules when `--rules` is
/// given, and the file goes to standard output or `--output`.
struct ExchangeOptions: ParsableArguments {
    /// `--rules DIR`, repeatable.
    @Option(name: [.short, .long], help: ArgumentHelp(
        "Run the rules of this folder ('builtin': the shipped rules; repeat to layer folders) first, as plan does, writing nothing, and export the values after them.",
        valueName: "dir"), completion: .directory)
    var rules: [String] = []

    /// `--output FILE`.
    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        _ = try rulesFolders()
        if let output, let refusal = OutputFile.refusal(output) {
            throw ValidationError("--output \(output): \(refusal)")
        }
    }

    /// The rules folders `--rules` gives. Unlike `plan`, no default folder is used: without
    /// `--rules` the PDFs' own values are exported.
    func rulesFolders() throws -> [URL] {
        rules.isEmpty ? [] : try RulesOptions.folders(rules)
    }

    /// Writes `text` to `--output` (atomically) or standard output.
    func write(_ text: String) throws(CLIError) {
        try InterchangeFiles.write(text, to: output)
    }
}
