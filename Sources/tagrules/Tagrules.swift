import ArgumentParser
import TagrulesKit

/// The `tagrules` command: auto-tags sheet-music PDFs for forScore with Lua rules.
///
/// One file per subcommand under `Commands/`; shared options under `Options/`. The read → rules
/// → write flow, watch, reports and exchange files are TagrulesKit's.
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
            Inspect.self, Plan.self, Apply.self, Edit.self, Undo.self, SetFields.self, Rules.self,
            Export.self, Import.self, SetlistCommand.self, Watch.self, Config.self,
        ]
    )

    /// Runs the command as ArgumentParser's `main()` does, except that a usage error found while
    /// running (a path that does not exist, a `--where` that is no expression) shows the usage of
    /// the command that ran, as one found while parsing does.
    static func main() {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            exitWithUsage(error, of: type(of: command))
        } catch let error as CLIError where error.code == .usage {
            exitWithUsage(ValidationError(error.description), of: type(of: command))
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
