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

                With --interactive (on a terminal), each score the rules would change is shown with its diff and asked about: [y]es writes it, [n]o leaves it, [e]dit opens its values after the rules in $VISUAL/$EDITOR and asks again about the result, [a]ll writes it and every one after it, [q]uit writes none of the rest. Nothing is written before the questions end.

                Exit status: 0 success; 1 when a file could not be read or written or a rule file has an error; 64 for usage errors (--interactive without a terminal among them).
                """)

        @OptionGroup var input: InputOptions
        @OptionGroup var rules: RulesOptions
        @OptionGroup var writeFlags: WriteFlags
        @OptionGroup var output: OutputOptions

        /// `--interactive`.
        @Flag(name: [.short, .long], help: "Ask about each changed score before writing: [y]es, [n]o, [e]dit, [a]ll, [q]uit (needs a terminal).")
        var interactive = false

        func validate() throws {
            if interactive && !Prompt.canAsk {
                throw ValidationError("--interactive asks on the terminal, but standard input is not one; run without it, or review with plan first")
            }
        }

        func run() throws {
            try RulesCommand.run(
                "apply", writes: true, input: input, rules: rules, writeFlags: writeFlags, output: output, interactive: interactive)
        }
    }
}
