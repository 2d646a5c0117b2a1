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
            return Proposal(after: score.metadata, changes: [], diagnostics: [Diagnostic(error)])
        }
    }

    /// The proposal of a score the rules gave `result`, whose reading found `readingFound`.
    private static func proposal(_ result: borrowing ScoreResult, readingFound: [Diagnostic]) -> Proposal {
        var diagnostics = fresh(result, readingFound: readingFound)
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
        _ result: borrowing ScoreResult, readingFound: [Diagnostic]
    ) -> [Diagnostic] {
        let diagnostics = result.diagnostics
        guard !readingFound.isEmpty, diagnostics.contains(where: { $0.ruleCode == .validation }) else { return diagnostics }
        let changedFields = result.changes.map(\.change.field)
        return diagnostics.filter { diagnostic in
            diagnostic.ruleCode != .validation
                || Proposal.isAboutChangedValue(diagnostic.field, changedFields: changedFields)
                    && !readingFound.contains { $0.field == diagnostic.field && $0.message == diagnostic.message }
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
    private static func note(_ log: RuleLog) -> Diagnostic {
        let location = Diagnostic.Location(file: log.file, line: log.file == nil ? nil : log.line, rule: log.rule)
        return Diagnostic(severity: .info, code: "log", message: log.message, location: location)
    }
}
