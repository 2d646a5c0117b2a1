import ArgumentParser
import Foundation
import MetadataModel
import TagrulesKit

/// `tagrules setlist check FILE.4ss --library DIR`: reads an Open Setlist and reports, per
/// entry, whether forScore would find it in the library exactly, case-insensitively,
/// diacritics-insensitively, or not at all (file-types.txt).
struct SetlistCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a 4SS setlist against a library: exact, case-insensitive, diacritics-insensitive or missing.",
        discussion: """
            Scores are matched by file name, bookmarks by file name and bookmark title, as forScore does. The library's bookmarks are those forScore would import from each PDF's outline (bookmarks made by hand in forScore are not in the PDFs).

            Exit status: 0 when every score and bookmark entry would be found; 1 when one would not, the file is not a valid 4SS setlist, or a PDF of the library could not be reached; 64 for usage errors.
            """)

    /// `FILE.4ss`.
    @Argument(help: ArgumentHelp("The Open Setlist file.", valueName: "file"))
    var file: String

    /// `--library DIR`.
    @Option(help: ArgumentHelp("The folder of PDFs forScore's library holds (searched recursively).", valueName: "dir"))
    var library: String

    /// `--format text|json`.
    @Option(help: ArgumentHelp("Report format: text or json.", valueName: "format"))
    var format: DataFormat = .text

    /// `--password`.
    @Option(help: ArgumentHelp(
        "Password for encrypted PDFs (to read their outlines); default: $TAGRULES_PASSWORD.", valueName: "text"))
    var password: String?

    @OptionGroup var exclude: ExcludeOptions

    func validate() throws {
        guard FileManager.default.isFolder(atPath: library) else {
            throw ValidationError("--library: '\(library)' is not a folder")
        }
    }

    func run() throws {
        let parsed: (setlist: Setlist, diagnostics: [Diagnostic])
        do {
            parsed = try Setlist.parse(xml: try InterchangeFiles.readText(file))
        } catch let error as InterchangeError {
            throw CLIError(.malformedInput, error.description, path: file)
        }
        let printer = DiagnosticPrinter()
        for diagnostic in parsed.diagnostics {
            printer.print(
                path: diagnostic.location.line.map { "\(file):\($0)" } ?? file, severity: .warning, message: diagnostic.message,
                code: diagnostic.code.rawValue)
        }
        let discovery = try InputOptions.discover([library], exclude: exclude)
        let paths = discovery.files
        let needsBookmarks = parsed.setlist.entries.contains { if case .bookmark = $0 { true } else { false } }
        let items = Self.items(paths, bookmarks: needsBookmarks, password: EnvironmentVariable.password(password))
        let matcher = SetlistMatcher(library: items, folding: .foundation)
        let entries = parsed.setlist.entries.enumerated().map { offset, entry in
            let match = matcher.match(entry)
            let names = Set(match?.filenames ?? [])
            let matched = zip(paths, items).filter { names.contains($0.1.filename) }.map(\.0)
            return SetlistCheckReport.Entry(index: offset + 1, entry: entry, match: match, paths: matched)
        }
        let report = SetlistCheckReport(title: parsed.setlist.title, entries: entries, diagnostics: parsed.diagnostics)
        switch format {
        case .json: Terminal.writeOutput(report.json.text)
        default: Terminal.writeOutput(report.text(style: Style.forStream(isTerminal: Terminal.stdoutIsTerminal)))
        }
        if report.hasMissing || discovery.hasErrors { throw ExitCode.failure }
    }

    /// The library as the matcher sees it: each file's name and, when bookmark entries need
    /// them, the titles of the bookmarks its outline gives.
    private static func items(_ paths: [String], bookmarks: Bool, password: String?) -> [SetlistMatcher.Item] {
        guard bookmarks else { return paths.map { SetlistMatcher.Item(filename: InterchangeFiles.fileName(of: $0)) } }
        return WorkerPool.map(count: paths.count, jobs: WorkerPool.defaultJobs) { index in
            let score = ScoreLoader.load(paths[index], password: password)
            return SetlistMatcher.Item(filename: InterchangeFiles.fileName(of: paths[index]), bookmarks: score.bookmarks.map(\.title))
        }
    }
}
