import Foundation
import Platform

/// Questions asked on the terminal (`set --title` on several files, `apply --interactive`,
/// `edit`): the question on standard error, the answer one line of standard input.
package enum Prompt {
    /// Whether standard input is a terminal, so that someone can answer.
    package static var canAsk: Bool { isatty(STDIN_FILENO) == 1 }

    /// Asks `question` and returns the first letter of the answer, lowercased, once it is one
    /// of `choices`; `defaultChoice` for an empty answer; nil at the end of input (Ctrl-D).
    package static func choose(_ question: String, choices: [Character], defaultChoice: Character? = nil) -> Character? {
        while true {
            Terminal.writeError(question)
            guard let line = readLine() else {
                Terminal.writeError("\n")
                return nil
            }
            let answer = line.trimmingCharacters(in: .whitespaces)
            guard let first = answer.lowercased().first else {
                if let defaultChoice { return defaultChoice }
                continue
            }
            if choices.contains(first) { return first }
        }
    }

    /// Asks a yes/no `question` (`[y/N]`: no unless the answer starts with y).
    package static func confirm(_ question: String) -> Bool {
        choose(question + " [y/N] ", choices: ["y", "n"], defaultChoice: "n") == "y"
    }
}
