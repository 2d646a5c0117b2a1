import Foundation
import Testing

/// Issue 28: shell completions for bash, zsh and fish (`tagrules --generate-completion-script
/// SHELL`, ArgumentParser's), naming every subcommand; bash's is loaded into bash and asked.
struct CompletionTests {
    static let subcommands = ["inspect", "plan", "apply", "edit", "undo", "set", "rules", "export", "import", "setlist", "watch", "config"]

    @Test(arguments: [("bash", "complete -o filenames -F _tagrules tagrules"), ("zsh", "#compdef tagrules"), ("fish", "complete -c 'tagrules'")])
    func scriptsNameEverySubcommand(_ shell: String, _ marker: String) throws {
        let result = try CLI.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(marker))
        for command in Self.subcommands + ["new", "check", "test", "csv", "annotations"] {
            #expect(result.stdout.contains(command), "\(shell): \(command)")
        }
        #expect(result.stdout.contains("interactive") && result.stdout.contains("exclude"))
    }

    /// bash reads the script (`bash -n`), and its completion function offers the subcommands
    /// after `tagrules ` and those of `rules` after `tagrules rules `.
    @Test func bashCompletesTheSubcommands() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let script = scratch.url.appendingPathComponent("tagrules.bash")
        try CLI.run(["--generate-completion-script", "bash"]).stdoutData.write(to: script)
        let bash = URL(fileURLWithPath: "/bin/bash")
        #expect(try CLI.execute(bash, ["-n", script.path]).status == 0)
        func complete(_ line: String) throws -> Set<String> {
            let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }.joined(separator: " ")
            let result = try CLI.execute(bash, ["-c", """
                source '\(script.path)'
                COMP_WORDS=(\(words)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
                _tagrules
                printf '%s\\n' "${COMPREPLY[@]}"
                """])
            #expect(result.status == 0, "\(result.stderr)")
            return Set(result.stdout.split(separator: "\n").map(String.init))
        }
        #expect(try complete("tagrules ").isSuperset(of: Self.subcommands))
        #expect(try complete("tagrules rules ").isSuperset(of: ["new", "check", "test"]))
    }
}
