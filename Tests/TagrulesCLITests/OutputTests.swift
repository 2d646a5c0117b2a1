import Foundation
import Testing

/// Report formats, `--output`, colour rules and the stdout/stderr split.
struct OutputTests {
    /// `script` runs the tool on a pseudo-terminal, so that the terminal-only behaviour shows.
    static let script = CLI.which("script")

    private func onTerminal(_ arguments: [String], in folder: URL, environment: [String: String]) throws -> CLI.Result {
        let command = ([CLI.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        return try CLI.execute(try #require(Self.script), ["-qec", command, "/dev/null"], in: folder, environment: environment)
    }

    @Test(.enabled(if: script != nil, "util-linux script is needed for a pseudo-terminal"))
    func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.chopin])
        let arguments = ["plan", "library", "--rules", Fixtures.rules.path]

        let terminal = try onTerminal(arguments, in: scratch.url, environment: ["TERM": "xterm"])
        #expect(terminal.stdout.contains("\u{1B}["), "coloured on a terminal")
        #expect(terminal.stdout.contains("E♭ major"))

        let noColor = try onTerminal(arguments, in: scratch.url, environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(!noColor.stdout.contains("\u{1B}["), "NO_COLOR turns colour off")
        #expect(noColor.stdout.contains("E♭ major"))

        let piped = try CLI.run(arguments, in: scratch.url, environment: ["TERM": "xterm"])
        #expect(!piped.stdout.contains("\u{1B}["), "no colour into a pipe")
    }

    @Test func dataOnStdoutDiagnosticsOnStderr() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.satie, Fixtures.Demo.notPDF])
        let result = try CLI.run(["plan", "library", "--rules", Fixtures.rules.path, "--format", "json"], in: scratch.url)
        _ = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        let lines = result.stderr.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("library/"), "every stderr line names its file: \(line)")
            #expect(line.contains(": warning: ") || line.contains(": error: "))
        }
        #expect(result.stderr.contains("library/notes.pdf: error: not a PDF"))
        #expect(result.stderr.contains("library/\(Fixtures.Demo.satie): warning: rating: 'rating:9'"))
    }

    @Test func outputFileAndFormatFromItsExtension() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.chopin, Fixtures.Demo.beethoven])
        let rules = Fixtures.rules.path

        let json = try CLI.run(["plan", "library", "--rules", rules, "--output", "report.json"], in: scratch.url)
        #expect(json.status == 0)
        #expect(json.stdout.isEmpty)
        let data = try Data(contentsOf: scratch.url.appendingPathComponent("report.json"))
        #expect(try ReportJSON.decode(ReportJSON.Changes.self, data).summary.changed == 2)

        let markdown = try CLI.run(["plan", "library", "--rules", rules, "--format", "markdown"], in: scratch.url)
        #expect(markdown.stdout.hasPrefix("# tagrules plan"))
        #expect(markdown.stdout.contains("| key | — | E♭ major |"))
        #expect(markdown.stdout.contains("| field | before | after | rules |"))
    }

    /// `plan` and `apply` end the process themselves once the report is out
    /// (`ExitStatus.exit`, without freeing the run): the report is whole through a pipe and in
    /// an `--output` file, the status is the run's, and the writes are on disk.
    @Test func reportIsWholeAndWritesDoneWhenTheRunEndsTheProcess() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.chopin, Fixtures.Demo.beethoven, Fixtures.Demo.notPDF])
        let rules = Fixtures.rules.path
        let bash = try #require(CLI.which("bash"))

        let piped = try CLI.execute(
            bash, ["-c", "\"$0\" plan library --rules \"$1\" --format json --jobs 2 | cat > piped.json; exit ${PIPESTATUS[0]}",
                   CLI.binary.path, rules],
            in: scratch.url)
        #expect(piped.status == 1, "a file that is not a PDF fails the run")
        #expect(piped.stderr.contains("library/notes.pdf: error: not a PDF"))
        let plan = try ReportJSON.decode(
            ReportJSON.Changes.self, try Data(contentsOf: scratch.url.appendingPathComponent("piped.json")))
        #expect(plan.summary.files == 3)
        #expect(plan.summary.changed == 2)

        let applied = try CLI.run(["apply", "library", "--rules", rules, "--output", "applied.json"], in: scratch.url)
        #expect(applied.status == 1)
        #expect(applied.stdout.isEmpty)
        let report = try ReportJSON.decode(
            ReportJSON.Changes.self, try Data(contentsOf: scratch.url.appendingPathComponent("applied.json")))
        #expect(report.summary.written == 2)

        let again = try CLI.run(["plan", "library", "--rules", rules, "--format", "json"], in: scratch.url)
        #expect(again.status == 1)
        #expect(try ReportJSON.decode(ReportJSON.Changes.self, again.stdoutData).summary.changed == 0, "the writes are on disk")
        let clean = try CLI.run(["plan", "library/\(Fixtures.Demo.chopin)", "--rules", rules], in: scratch.url)
        #expect(clean.status == 0)
    }

    @Test func htmlReportIsOneSelfContainedPage() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary()
        let result = try CLI.run(["plan", "library", "--rules", Fixtures.rules.path, "--output", "report.html"], in: scratch.url)
        #expect(result.status == 1)
        let html = try String(contentsOf: scratch.url.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<svg class=\"fifths\""))
        #expect(html.contains("Key distribution on the circle of fifths"))
        // Self-contained: no scripts, no external style sheets, images or fonts.
        for reference in ["<script", "<link", "src=", "@import", "url("] {
            #expect(!html.contains(reference), "\(reference)")
        }
        #expect(html.contains("E♭ major: 1"), "the chart counts the keys after the rules")
        #expect(html.contains("Frédéric Chopin"))
        #expect(html.contains("Mozart - Twinkle Variations K265 (encrypted).pdf"))
        #expect(html.components(separatedBy: "<article").count - 1 == 8, "every file with a change or a problem has a section")
        #expect(html.contains("1 unchanged file"), "the encrypted score, which no rule changes")
    }

    @Test func inspectInEveryFormat() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        for format in ["text", "json", "markdown", "html"] {
            let result = try CLI.run(["inspect", "library", "--format", format], in: scratch.url)
            #expect(result.status == 0, "\(format)")
            #expect(result.stdout.contains("Minuet in G"), "\(format)")
        }
    }
}
