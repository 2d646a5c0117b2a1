import Foundation
import MetadataModel
import RuleHost

/// The transform of `plan`, `apply`, `watch` and the exports: the Lua rules of one folder or
/// several layered, run on each worker by a `RuleRunner` of its own (one Lua state per worker
/// thread).
package struct RulesTransform: MetadataTransform {
    /// The loaded rules; their load diagnostics are reported once, by the command.
    package let ruleSet: RuleSet

    /// Loads the rules of `folders`, layered in that order.
    ///
    /// - Throws: `CLIError` (`rules-unavailable`) when a folder cannot be listed or is given twice.
    package init(folders: [URL]) throws(CLIError) {
        do {
            ruleSet = try RuleSet.load(folders: folders)
        } catch {
            throw CLIError(.rulesUnavailable, "cannot load the rules: \(error.description)")
        }
    }

    /// A worker's runner, or why its Lua state could not be built.
    package func makeWorker() -> Result<RuleRunner, RuleError> {
        Result { () throws(RuleError) in try RuleRunner(ruleSet: ruleSet) }
    }

    package func proposal(
        for score: LoadedScore, document: PipelineScoreDocument, worker: inout Result<RuleRunner, RuleError>
    ) -> Proposal {
        switch worker {
        case .success(let runner):
            var proposal = Self.proposal(runner.run(Self.input(score), document: document), readingFound: score.diagnostics)
            // Most scores: nothing was read from the document, and nothing is to be copied.
            if !document.diagnostics.isEmpty { proposal.diagnostics = document.diagnostics + proposal.diagnostics }
            return proposal
        case .failure(let error):
            // No Lua state could be built: the score keeps its metadata, and says why.
            return Proposal(after: score.metadata, changes: [], diagnostics: [ReportDiagnostic(RuleDiagnostic(error))])
        }
    }

    /// The proposal of a score the rules gave `result`, whose reading found `readingFound`.
    private static func proposal(_ result: borrowing ScoreResult, readingFound: [ReportDiagnostic]) -> Proposal {
        var diagnostics: [ReportDiagnostic] = []
        for diagnostic in fresh(result, readingFound: readingFound) {
            diagnostics.append(ReportDiagnostic(diagnostic))
        }
        for log in result.logs { diagnostics.append(note(log)) }
        return Proposal(
            after: result.after,
            changes: result.changes.map { ReportChange(change: $0.change, rules: $0.rules, from: $0.from) },
            diagnostics: diagnostics)
    }

    /// The rules' diagnostics without the validation findings that reading the score already
    /// reported: those about values the rules left alone
    /// (``Proposal/isAboutChangedValue(_:changedFields:)``), and those in the same words: a rule
    /// that adds a tag to a score whose tag `a; b` holds a semicolon only touched the field, and
    /// the finding is shown once, without the rule's name.
    private static func fresh(
        _ result: borrowing ScoreResult, readingFound: [ReportDiagnostic]
    ) -> [RuleDiagnostic] {
        let diagnostics = result.diagnostics
        guard !readingFound.isEmpty, diagnostics.contains(where: { $0.code == .validation }) else { return diagnostics }
        let known = Set(readingFound.map(\.message))
        let changedFields = result.changes.map(\.change.field)
        return diagnostics.filter { diagnostic in
            diagnostic.code != .validation
                || Proposal.isAboutChangedValue(diagnostic.field, changedFields: changedFields)
                    && !known.contains(ReportDiagnostic.message(diagnostic.message, field: diagnostic.field))
        }
    }

    /// What rules see of a score: its metadata, file facts, raw Info strings, and the outline as
    /// forScore would import it (`BookmarkRule`).
    static func input(_ score: LoadedScore) -> ScoreInput {
        ScoreInput(
            metadata: score.metadata, file: FileFacts(path: score.path, pages: score.pages), info: score.info,
            toc: score.bookmarks)
    }

    /// A rule's `tagrules.log` line as an info note: `rule 'NAME', FILE:LINE: message`.
    private static func note(_ log: RuleLog) -> ReportDiagnostic {
        let rule = log.rule.map { "rule '\($0)'" }
        let location = log.file.map { file in log.line.map { "\(file):\($0)" } ?? file }
        let prefix = [rule, location].compactMap { $0 }.joined(separator: ", ")
        return ReportDiagnostic(severity: .info, code: "log", message: prefix.isEmpty ? log.message : prefix + ": " + log.message)
    }
}
