import Foundation
import MetadataModel
import Notation

/// One PDF as the exchange formats see it.
package struct ExchangeScore: Sendable {
    /// What was read from the PDF: path, pages, outline, raw Info.
    package var loaded: LoadedScore
    /// forScore's view of it, after the rules when they ran.
    package var metadata: ScoreMetadata

    /// The file's name in forScore's library: the path's last component, exactly.
    package var filename: String { InterchangeFiles.fileName(of: loaded.path) }
}

/// Reads the scores an exchange command writes out: every file in parallel, then the rules
/// (when given) through the same transform as `plan`, which validates what they produce.
///
/// Problems go to standard error as `path: severity: message [code]`, as in `plan`:
/// unreadable files, rule-file problems, rule failures and validation findings.
package enum ExchangeScores {
    /// The readable scores in discovery order, after the rules of `rules` (layered; none: the
    /// PDFs' own values), and whether anything failed (an unreadable file
    /// or an error diagnostic), for the exit status.
    package static func load(
        _ paths: [String], rules: [URL], jobs: Int, password: String?
    ) throws(CLIError) -> (scores: [ExchangeScore], failed: Bool) {
        let transform = rules.isEmpty ? nil : try RulesTransform(folders: rules)
        let notationFinder = NotationFinder()
        // Each worker reads a score and runs the rules on it (one Lua state per worker).
        let read = WorkerPool.map(
            count: paths.count, jobs: jobs, progress: ProgressBar(total: paths.count, label: "reading"),
            makeState: { transform?.makeWorker() }
        ) { worker, index -> (LoadedScore, Proposal?) in
            ScoreLoader.load(paths[index], password: password) { score, pdf in
                guard score.isReadable, let transform, var runner = worker else { return (score, nil) }
                defer { worker = runner }
                let document = PipelineScoreDocument(pdfPath: paths[index], pdf: pdf, notationFinder: notationFinder)
                return (score, transform.proposal(for: score, document: document, worker: &runner))
            }
        }
        let printer = DiagnosticPrinter()
        var failed = false
        for (score, _) in read {
            guard let failure = score.failure else { continue }
            printer.print(path: score.path, severity: .error, message: failure.message, code: failure.code.rawValue)
            failed = true
        }
        if let transform {
            printer.print(transform.ruleSet.diagnostics, of: transform.ruleSet)
            failed = failed || transform.ruleSet.diagnostics.contains { $0.severity == .error }
        }
        var scores: [ExchangeScore] = []
        for (score, proposal) in read where score.isReadable {
            let proposal = proposal ?? Proposal(after: score.metadata, changes: [], diagnostics: [])
            for diagnostic in proposal.diagnostics(after: score.diagnostics) {
                printer.print(path: score.path, severity: diagnostic.severity, message: diagnostic.locatedMessage, code: diagnostic.code.rawValue)
                failed = failed || diagnostic.severity == .error
            }
            scores.append(ExchangeScore(loaded: score, metadata: proposal.after))
        }
        return (scores, failed)
    }
}
