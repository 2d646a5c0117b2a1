import ArgumentParser

/// The `tagrules` command: auto-tags sheet-music PDFs for forScore with Lua rules.
///
/// One file per subcommand under `Commands/`; shared options under `Options/`; the read →
/// transform → write flow under `Pipeline/`; renderers under `Report/`.
@main
struct Tagrules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tagrules",
        abstract: "Auto-tag sheet-music PDFs for forScore with Lua rules.",
        discussion: """
            Reads the PDF metadata forScore reads (Title, Author, Subject, Keywords), runs your rules over it, shows the diff, and writes it back as an incremental update that `tagrules undo` can take back.
            """,
        version: "0.1.0",
        subcommands: [
            Inspect.self, Plan.self, Apply.self, Undo.self, SetFields.self, Rules.self,
            Export.self, Import.self, SetlistCommand.self, Watch.self,
        ]
    )

    /// Runs the command as ArgumentParser's `main()` does, after starting to load the rules of
    /// `plan` and `apply` while the command line is parsed (`RulesPreload`). A plain `plan` or
    /// `apply` line is read directly (`CommandLineShortcut`) and run as `main()` runs a parsed
    /// command. The allocator is told first to grow in large steps (`HeapPadding`).
    static func main() {
        HeapPadding.apply()
        let arguments = Array(CommandLine.arguments.dropFirst())
        RulesPreload.start(arguments)
        var command: any ParsableCommand
        if let shortcut = CommandLineShortcut.parse(arguments) {
            command = shortcut
        } else {
            do {
                command = try parseAsRoot(arguments)
            } catch {
                exit(withError: error)
            }
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            exitWithUsage(error, of: type(of: command))
        } catch {
            exit(withError: error)
        }
    }

    /// Ends the process as ArgumentParser does for a usage error found while parsing, with
    /// the usage of the command that ran: a usage error `run()` finds (a path that does not
    /// exist, found when the files are looked up) would otherwise show the tool's usage.
    private static func exitWithUsage(_ error: ValidationError, of command: any ParsableCommand.Type) -> Never {
        let usage = usageString(for: command)
        // "tagrules export csv <path> …": the command's words come before its arguments.
        let words = usage.split(separator: " ").prefix { !$0.hasPrefix("<") && !$0.hasPrefix("[") }
        Terminal.writeError("Error: \(error.message)\nUsage: \(usage)\n  See '\(words.joined(separator: " ")) --help' for more information.\n")
        exit(withError: ExitCode.validationFailure)
    }
}
