import ArgumentParser
import TagrulesKit

/// `--exclude GLOB`: shared by every command that takes paths.
struct ExcludeOptions: ParsableArguments {
    /// `--exclude GLOB`, repeatable.
    @Option(name: .customLong("exclude"), help: ArgumentHelp(
        "Leave out files and folders matching GLOB (without a slash: a file or folder name; with one: the whole path); repeatable, added to the config file's.",
        valueName: "glob"))
    var patterns: [String] = []

    /// What is left out: the config file's patterns and these.
    func exclusion() throws(CLIError) -> PathExclusion {
        try Defaults.settings().exclusion(patterns).value
    }
}
