import Foundation
import MetadataModel
import RuleHost

/// The transform of `plan` and `apply`: the Lua rules of a folder, run by RuleHost's engine on
/// all workers.
package struct RulesTransform: MetadataTransform {
    /// The loaded rules; their load diagnostics are reported once, by the command.
    package let ruleSet: RuleSet
    /// The document facts the scores were read without, for rules that ask for them anyway.
    package var deferredFacts: DeferredDocumentFacts?
    /// The engine of the last `propose`, freed with the transform rather than when `propose`
    /// returns: tearing down its Lua states costs about 3 M instructions, which a command that
    /// ends the process once its report is out never spends (`ChangeRun` keeps the transform
    /// alive until then).
    private let lastEngine = EngineKeeper()

    /// Loads the rules of `folder`.
    ///
    /// - Throws: `CLIError` (`rules-unavailable`) when the folder cannot be listed.
    package init(folder: URL) throws(CLIError) {
        do {
            ruleSet = try RuleSet.load(folder: folder)
        } catch {
            throw CLIError(.rulesUnavailable, "cannot load the rules: \(error.description)", path: folder.path)
        }
    }

    package func propose<Output>(
        _ scores: [LoadedScore], jobs: Int, progress: ProgressBar?, then: @escaping @Sendable (Int, consuming Proposal) -> Output
    ) -> [Output] {
        guard !scores.isEmpty else { return [] }
        defer { progress?.finish() }
        let engine: RuleEngine
        do {
            engine = try RuleEngine(
                ruleSet: ruleSet, workers: min(jobs, scores.count), deferred: deferredFacts,
                startThread: StandbyThreads.shared.start)
        } catch {
            // No Lua state could be built: every score keeps its metadata, and says why.
            let failure = ReportDiagnostic(RuleDiagnostic(error))
            return scores.indices.map { then($0, Proposal(after: scores[$0].metadata, changes: [], diagnostics: [failure])) }
        }
        lastEngine.keep(engine)
        // All scores in one run, each output made in its place in the returned array: the
        // workers advance the progress bar score by score. Inputs, proposals and what `then`
        // makes of them are made on the workers that run the rules. Field by field: passing
        // `scores[i]` to a function copies the whole score.
        return engine.run(count: scores.count) { index in
            Self.input(
                metadata: scores[index].metadata, path: scores[index].path, pages: scores[index].pages,
                info: scores[index].info, toc: scores[index].toc)
        } finish: { index, result in
            defer { progress?.advance() }
            return then(index, Self.proposal(result, readingFound: scores[index].diagnostics))
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
            after: result.after, changes: result.changes.map { ReportChange(change: $0.change, rules: $0.rules) },
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

    /// What the scores of a flow for the rules of `folder` must be read with, and what the
    /// rules get on demand instead: the page count and the outline only when a rule file names
    /// them (`RuleSet.documentFactsNamed(inFolder:)`; the outline's bookmarks need the page
    /// count too). Most rule sets name neither, and reading every page tree and outline would
    /// be a sizeable part of a dry run's time.
    package static func factReads(folder: URL, password: String?) -> (reads: ScoreLoader.FactReads, deferred: DeferredDocumentFacts?) {
        let named = RuleSet.documentFactsNamed(inFolder: folder)
        var reads: ScoreLoader.FactReads = []
        if named.pages || named.toc { reads.insert(.pages) }
        if named.toc { reads.insert(.outline) }
        guard reads != .all else { return (reads, nil) }
        let deferred = DeferredDocumentFacts(pages: !reads.contains(.pages), toc: !reads.contains(.outline)) { path in
            ScoreLoader.documentFacts(path: path, password: password)
        }
        return (reads, deferred)
    }

    /// What rules see of a score: its metadata, file facts, raw Info strings, and the outline as
    /// forScore would import it (`BookmarkRule`).
    static func input(_ score: LoadedScore) -> ScoreInput {
        input(metadata: score.metadata, path: score.path, pages: score.pages, info: score.info, toc: score.toc)
    }

    /// `input(_:)` from the facts of a score.
    private static func input(
        metadata: ScoreMetadata, path: String, pages: Int?, info: [String: String], toc: [TOCEntry]
    ) -> ScoreInput {
        ScoreInput(
            metadata: metadata, file: FileFacts(path: path, pages: pages), info: info,
            toc: BookmarkRule.bookmarks(from: toc, pageCount: pages ?? 0))
    }

    /// A rule's `tagrules.log` line as an info note.
    ///
    /// The prefix is put together case by case: `joined(separator:)` of an array of strings is
    /// the standard library's unspecialized copy, whose first call looks up associated types at
    /// run time (265,000 instructions).
    private static func note(_ log: RuleLog) -> ReportDiagnostic {
        let rule = log.rule.map { "rule '\($0)'" }
        let location = log.file.map { file in log.line.map { "\(file):\($0)" } ?? file }
        let prefix: String
        switch (rule, location) {
        case let (rule?, location?): prefix = rule + ", " + location + ": "
        case let (rule?, nil): prefix = rule + ": "
        case let (nil, location?): prefix = location + ": "
        case (nil, nil): prefix = ""
        }
        return ReportDiagnostic(severity: .info, code: "log", message: prefix + log.message)
    }
}

/// Holds a `RuleEngine` for as long as the `RulesTransform` that built it lives.
///
/// `@unchecked Sendable`: the engine is only stored, never used, and only under `lock`.
private final class EngineKeeper: @unchecked Sendable {
    private let lock = NSLock()
    private var engine: RuleEngine?

    /// Keeps `engine`, letting go of the one kept before.
    func keep(_ engine: RuleEngine) {
        lock.lock()
        defer { lock.unlock() }
        self.engine = engine
    }
}
