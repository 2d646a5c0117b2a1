import ArgumentParser
import Notation
import TagrulesKit

extension Tagrules {
    /// `tagrules inspect PATH…`: forScore's view of each PDF, its raw Info strings, page count,
    /// outline, the notation file beside it and every diagnostic. Reads only.
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inspect",
            abstract: "Show forScore's view of PDFs: fields, raw Info strings, pages, outline, notation source, diagnostics.",
            discussion: "Exit status: 0 when every file was read, 1 when a file could not be read, 64 for usage errors.")

        @OptionGroup var input: InputOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let discovery = try input.discover(reportingUnreached: true)
            let files = discovery.files
            let password = input.resolvedPassword
            let notationFinder = NotationFinder()
            let scores = WorkerPool.map(
                count: files.count, jobs: try input.jobCount(), progress: ProgressBar(total: files.count, label: "reading")
            ) { index in
                var score = ScoreLoader.load(files[index], password: password)
                if score.isReadable { score.readNotation(finder: notationFinder) }
                return score
            }
            let report = InspectReport(files: scores + discovery.unreached.map(LoadedScore.init(unreached:)))
            DiagnosticPrinter().printFailures(report)
            try output.emit(report)
            let status: ExitCode = discovery.hasErrors ? .failure : ExitStatus.of(report, strict: output.strict)
            if status != .success { throw status }
        }
    }
}
