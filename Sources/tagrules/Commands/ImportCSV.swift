import ArgumentParser
import Foundation
import MetadataModel
import TagrulesKit

/// `tagrules import csv FILE.csv --library DIR [--apply] [--tsv]`: reads forScore's library
/// metadata CSV by position (any header language) and applies each score row to the PDF of
/// that file name in DIR, through the same validation, plan/apply and report as `plan` and
/// `apply`. A dry run unless `--apply`.
struct ImportCSV: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Apply a forScore library metadata CSV to the PDFs of the same file names (dry run unless --apply).",
        discussion: """
            Columns are read by position, whatever the header's language or field names: Filename, Title, Start Page, End Page, Composers, Genres, Tags, Labels, Reference, Rating, Difficulty, Minutes, Seconds, keysf, keymi. A file in another layout is refused, naming the line and column. Rows are matched to PDFs anywhere under --library by exact file name. Bookmark rows, rows without a PDF and repeated rows are reported, not applied. Labels and Reference have no place in PDF metadata and are not written.

            Exit status: 0 success; 1 when the CSV cannot be read or is not in forScore's layout, or a PDF could not be read or written (with --strict also when a row is not applied); 64 for usage errors.
            """)

    /// `FILE.csv`.
    @Argument(help: ArgumentHelp("The CSV (or TSV) file, as forScore exports it.", valueName: "file"))
    var file: String

    /// `--library DIR`.
    @Option(help: ArgumentHelp("The folder of PDFs to update (searched recursively).", valueName: "dir"))
    var library: String

    /// `--apply`.
    @Flag(help: "Write the changes (default: only show them).")
    var apply = false

    /// `--tsv`.
    @Flag(help: "Read tab-separated values; without it, comma, tab or semicolon is told from the first row.")
    var tsv = false

    /// `--jobs N`.
    @Option(name: [.short, .long], help: ArgumentHelp("Files processed in parallel (default: all cores).", valueName: "n"))
    var jobs: Int?

    /// `--password`.
    @Option(help: ArgumentHelp(
        "Password for encrypted PDFs; default: $TAGRULES_PASSWORD, else the empty password.", valueName: "text"))
    var password: String?

    @OptionGroup var exclude: ExcludeOptions
    @OptionGroup var writeFlags: WriteFlags
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
        guard output.resolvedFormat == .text || output.resolvedFormat == .json else {
            throw ValidationError("--format: import csv writes text or json, not \(output.resolvedFormat.rawValue)")
        }
        guard FileManager.default.isFolder(atPath: library) else {
            throw ValidationError("--library: '\(library)' is not a folder")
        }
    }

    func run() throws {
        let table: LibraryCSV.Table
        do {
            let text = try InterchangeFiles.readText(file)
            let named: LibraryCSV.Separator = file.lowercased().hasSuffix(".tsv") ? .tab : .comma
            let separator = tsv ? .tab : LibraryCSV.separator(of: text, preferring: named)
            table = try LibraryCSV.decode(text, separator: separator)
        } catch let error as InterchangeError {
            throw CLIError(.malformedInput, error.description, path: file)
        }
        let discovery = try InputOptions.discover([library], exclude: exclude, removingStaleTemporaries: apply)
        let plan = CSVImportPlan(table: table, library: discovery.files, libraryName: library)
        let printer = DiagnosticPrinter()
        for row in plan.notes {
            printer.print(path: "\(file):\(row.line)", severity: row.severity, message: row.message, code: row.kind.rawValue)
        }
        let run = ChangeRun(
            command: apply ? "apply" : "plan", jobs: try InputOptions.jobCount(jobs), writer: try writeFlags.writer(),
            writes: apply, password: EnvironmentVariable.password(password))
        let report = ImportReport(
            changes: run.run(plan.paths, transform: CSVImportTransform(records: plan.records)), rows: plan.notes)
        printer.print(report.changes)
        try InterchangeFiles.write(render(report), to: output.output)
        var status = ExitStatus.of(report.changes, strict: output.strict)
        if output.strict, plan.notes.contains(where: { $0.severity >= .warning }) { status = .failure }
        if discovery.hasErrors { status = .failure }
        if status != .success { throw status }
    }

    private func render(_ report: ImportReport) -> String {
        switch output.resolvedFormat {
        case .json: return report.json.text
        default:
            let style = output.output == nil ? Style.forStream(isTerminal: Terminal.stdoutIsTerminal) : .plain
            return report.text(style: style, verbose: output.verbose)
        }
    }
}
