import ArgumentParser
import Foundation
import TagrulesKit

/// What the commands that write forScore's exchange formats share (`export csv`, `export
/// annotations`, `setlist`): the values come from the PDFs, after the rules when `--rules` is
/// given, and the file goes to standard output or `--output`.
struct ExchangeOptions: ParsableArguments {
    /// `--rules DIR`.
    @Option(help: ArgumentHelp(
        "Run the rules of this folder first (as plan does, writing nothing) and export the values after them.",
        valueName: "dir"))
    var rules: String?

    /// `--output FILE`.
    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        _ = try rulesFolder()
        if let output, let refusal = OutputFile.refusal(output) {
            throw ValidationError("--output \(output): \(refusal)")
        }
    }

    /// The rules folder, when `--rules` is given. Unlike `plan`, no default folder is used:
    /// without `--rules` the PDFs' own values are exported.
    func rulesFolder() throws -> URL? {
        guard let rules else { return nil }
        return try RulesOptions.folder(rules, flag: "--rules")
    }

    /// Writes `text` to `--output` (atomically) or standard output.
    func write(_ text: String) throws(CLIError) {
        try InterchangeFiles.write(text, to: output)
    }
}
