import ArgumentParser
import TagrulesKit

extension Tagrules {
    /// `tagrules apply PATH… --rules DIR`: runs the rules like `plan`, then appends an
    /// incremental update to each changed file (atomic and durable; nothing is written when
    /// forScore would see no change). Files that must not be written are reported and left
    /// untouched.
    struct Apply: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "apply",
            abstract: "Run the rules and write the changes (as an update `tagrules undo` can remove).",
            discussion: """
                Files that cannot be written — damaged (repaired), signed, encrypted without the password or permission to change them, read-only, hard-linked — are reported and left untouched; the run goes on. A second run reports nothing to do.

                Exit status: 0 success; 1 when a file could not be read or written or a rule file has an error; 64 for usage errors.
                """)

        @OptionGroup var input: InputOptions
        @OptionGroup var rules: RulesOptions
        @OptionGroup var writeFlags: WriteFlags
        @OptionGroup var output: OutputOptions

        func run() throws {
            try RulesCommand.run("apply", writes: true, input: input, rules: rules, writeFlags: writeFlags, output: output)
        }
    }
}
