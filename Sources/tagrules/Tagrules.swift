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
        guard var command = CommandLineShortcut.parse(arguments) else { return main(nil) }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
