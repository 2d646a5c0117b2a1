import ArgumentParser
import TagrulesKit

extension Tagrules {
    /// `tagrules plan PATH… --rules DIR`: the dry run. Runs the rules and prints a diff per
    /// file (field, before → after, which rule), diagnostics and a summary. Never writes.
    struct Plan: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plan",
            abstract: "Run the rules and show what would change (never writes).",
            discussion: """
                Files apply would not write (damaged, signed, read-only, no permission) have the status would-skip, counted apart from the files to change.

                Exit status: 0 success (with --exit-code: and nothing to change); 1 when a file could not be read, a rule file has an error (or, with --strict, on a warning); 2 with --exit-code when nothing failed and changes are pending; 64 for usage errors.
                """)

        @OptionGroup var input: InputOptions
        @OptionGroup var rules: RulesOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup(title: "Writing (to predict what apply will do)") var writeFlags: WriteFlags

        /// `--exit-code`.
        @Flag(help: "Exit 2 when changes are pending (1 stays for errors).")
        var exitCode = false

        func run() throws {
            try RulesCommand.run(
                "plan", writes: false, input: input, rules: rules, writeFlags: writeFlags, output: output,
                failOnChanges: exitCode)
        }
    }
}
