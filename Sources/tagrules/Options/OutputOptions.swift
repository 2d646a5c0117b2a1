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

    /// Writes a change report to standard output or `--output`; a JSON report, and a text report
    /// to standard output, are rendered on `jobs` threads.
    func emit(_ report: ChangeReport, jobs: Int = 1) throws(CLIError) {
        switch resolvedFormat {
        case .text:
            let renderer = TextRenderer(style: textStyle, verbose: verbose)
            guard output != nil else {
                // Each piece goes out as soon as it is rendered, and is freed.
                return renderer.write(report, jobs: jobs) { Terminal.writeOutput([$0]) }
            }
            try write(chunks: [renderer.render(report)])
        case .json:
            guard output != nil else {
                // Each chunk goes out as soon as it is rendered, and is freed.
                return report.writeJSON(jobs: jobs) { Terminal.writeOutput([$0]) }
            }
            try write(chunks: report.jsonChunks(jobs: jobs))
        case .markdown: try write(Array(MarkdownRenderer().render(report).utf8))
        case .html: try write(Array(HTMLRenderer().render(report).utf8))
        }
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
        try OutputFile.write(bytes, to: output)
    }

    /// Writes a report made of `chunks` (in order) without joining them.
    private func write(chunks: [ByteChunk]) throws(CLIError) {
        guard let output else {
            Terminal.writeOutput(chunks)
            return
        }
        try OutputFile.write(chunks, to: output)
    }
}
