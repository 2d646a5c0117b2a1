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
                Exit status: 0 success; 1 when a file could not be read, a rule file has an error, or (with --exit-code) changes are pending, as with `git diff --exit-code`; 64 for usage errors.
                """)

        @OptionGroup var input: InputOptions
        @OptionGroup var rules: RulesOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup(title: "Writing (to predict what apply will do)") var writeFlags: WriteFlags

        /// `--exit-code`.
        @Flag(help: "Exit 1 when changes are pending.")
        var exitCode = false

        func run() throws {
            try RulesCommand.run(
                "plan", writes: false, input: input, rules: rules, writeFlags: writeFlags, output: output,
                failOnChanges: exitCode)
        }
    }
}
