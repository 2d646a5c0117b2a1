import Foundation
import MetadataModel
import RuleHost

/// `setlist --where`: keeps the scores for which a Lua expression is true, evaluated by
/// RuleHost's sandbox (`ScoreExpression`) with the `score` object rules see.
package struct ScoreFilter {
    private let expression: ScoreExpression

    /// Compiles `source`; `require` and `tagrules.data` read from the last of `rules` (the
    /// folder layered on the others) when there are any.
    ///
    /// - Throws: `CLIError` (`usage`, exit 64) naming `--where` when the text is not one Lua
    ///   expression.
    package init(_ source: String, rules: [URL]) throws(CLIError) {
        do {
            expression = try ScoreExpression(source, folder: rules.last)
        } catch {
            throw CLIError(.usage, "--where: \(error.description)")
        }
    }

    /// The scores for which the expression is true, in the given order, and whether it failed
    /// on any. A score it fails on (`score.rating >= 4` on a score without a rating) is left
    /// out and reported on standard error.
    package func filter(_ scores: [ExchangeScore]) -> (kept: [ExchangeScore], failed: Bool) {
        let printer = DiagnosticPrinter()
        var failed = false
        let kept = scores.filter { score in
            var input = RulesTransform.input(score.loaded)
            input.metadata = score.metadata
            do throws(RuleError) {
                return try expression.isTrue(for: input)
            } catch {
                printer.print(
                    path: score.loaded.path, severity: .error, message: "--where: \(error.description); score left out",
                    code: error.code.rawValue)
                failed = true
                return false
            }
        }
        return (kept, failed)
    }
}
