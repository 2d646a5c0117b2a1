import ArgumentParser

/// The `tagrules` command: auto-tags sheet-music PDFs for forScore with Lua rules.
@main
struct Tagrules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tagrules",
        abstract: "Auto-tag sheet-music PDFs for forScore with Lua rules.",
        version: "0.1.0",
        subcommands: []
    )
}
