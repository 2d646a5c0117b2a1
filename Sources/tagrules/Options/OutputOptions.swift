import ArgumentParser
import Foundation
import TagrulesKit

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

    func validate() throws {
        if let output, let refusal = OutputFile.refusal(output) {
            throw ValidationError("--output \(output): \(refusal)")
        }
    }

    /// The format to write: `--format`, else the output file's extension, else text.
    var resolvedFormat: ReportFormat {
        format ?? output.flatMap(ReportFormat.init(fileName:)) ?? .text
    }

    /// Writes a change report to standard output or `--output`.
    func emit(_ report: ChangeReport) throws(CLIError) {
        switch resolvedFormat {
        case .text: try write(TextRenderer(style: textStyle, verbose: verbose).render(report))
        case .json: try write(report.json.utf8)
        case .markdown: try write(MarkdownRenderer().render(report))
        case .html: try write(HTMLRenderer().render(report))
        }
    }

    /// Writes an inspect report to standard output or `--output`.
    func emit(_ report: InspectReport) throws(CLIError) {
        switch resolvedFormat {
        case .text: try write(TextRenderer(style: textStyle, verbose: verbose).render(report))
        case .json: try write(report.json.utf8)
        case .markdown: try write(MarkdownRenderer().render(report))
        case .html: try write(HTMLRenderer().render(report))
        }
    }

    private var textStyle: Style {
        output == nil ? Style.forStream(isTerminal: Terminal.stdoutIsTerminal) : .plain
    }

    private func write(_ text: String) throws(CLIError) {
        try write(Array(text.utf8))
    }

    private func write(_ bytes: [UInt8]) throws(CLIError) {
        guard let output else {
            Terminal.writeOutput(bytes)
            return
        }
        try OutputFile.write(bytes, to: output)
    }
}
