import ArgumentParser
import Foundation

/// How and where the report goes: shared by every command that produces one.
struct OutputOptions: ParsableArguments {
    /// `--format`.
    @Option(help: ArgumentHelp(
        "Report format: text, json, markdown or html (default: text, or what --output's extension says).",
        valueName: "format"))
    var format: ReportFormat?

    /// `--output FILE`.
    @Option(name: [.short, .long], help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "file"))
    var output: String?

    /// `--verbose`.
    @Flag(name: [.short, .long], help: "Text reports also list unchanged files and notes.")
    var verbose = false

    /// `--strict`.
    @Flag(help: "Treat warnings as failures: exit 1 when any file has a warning.")
    var strict = false

    /// The format to write: `--format`, else the output file's extension, else text.
    var resolvedFormat: ReportFormat {
        format ?? output.flatMap(ReportFormat.init(fileName:)) ?? .text
    }

    /// Writes a change report to standard output or `--output`; a JSON report is rendered on
    /// `jobs` threads.
    func emit(_ report: ChangeReport, jobs: Int = 1) throws(CLIError) {
        let bytes: [UInt8]
        switch resolvedFormat {
        case .text: bytes = TextRenderer(style: textStyle, verbose: verbose).render(report)
        case .json: bytes = report.jsonBytes(jobs: jobs)
        case .markdown: bytes = Array(MarkdownRenderer().render(report).utf8)
        case .html: bytes = Array(HTMLRenderer().render(report).utf8)
        }
        try write(bytes)
    }

    /// Writes an inspect report to standard output or `--output`.
    func emit(_ report: InspectReport) throws(CLIError) {
        let bytes: [UInt8]
        switch resolvedFormat {
        case .text: bytes = Array(TextRenderer(style: textStyle, verbose: verbose).render(report).utf8)
        case .json: bytes = report.json.bytes
        case .markdown: bytes = Array(MarkdownRenderer().render(report).utf8)
        case .html: bytes = Array(HTMLRenderer().render(report).utf8)
        }
        try write(bytes)
    }

    private var textStyle: Style {
        output == nil ? Style.forStream(isTerminal: Terminal.stdoutIsTerminal) : .plain
    }

    private func write(_ bytes: [UInt8]) throws(CLIError) {
        guard let output else {
            Terminal.writeOutput(bytes)
            return
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CLIError(.outputFailed, "cannot write the report: \(error.localizedDescription)", path: output)
        }
    }
}
