import MetadataModel


/// Prints problems to standard error as `path: severity: message [code]`, the form compilers
/// use, so that editors and `grep` can pick them up. Coloured only on a terminal.
package struct DiagnosticPrinter {
    /// Colour for standard error.
    var style = Style.forStream(isTerminal: Terminal.stderrIsTerminal)
    /// The least severity printed.
    package var minimum: Diagnostic.Severity = .warning
    /// Where lines go: standard error, except for commands whose data are diagnostics.
    package var output = Destination.standardError

    /// A standard stream.
    package enum Destination { case standardError, standardOutput }

    /// Prints one line.
    package func print(path: String?, severity: Diagnostic.Severity, message: String, code: String? = nil) {
        var out = ""
        appendLine(path: path, severity: severity, message: message, code: code, to: &out)
        write(out)
    }

    /// The diagnostics of a change report (failures and skipped writes are among them), written
    /// at once.
    package func print(_ report: ChangeReport) {
        var out = ""
        for file in report.files {
            for diagnostic in file.diagnostics {
                appendLine(
                    path: file.path, severity: diagnostic.severity, message: diagnostic.locatedMessage, code: diagnostic.code.rawValue,
                    to: &out)
            }
        }
        write(out)
    }

    /// The diagnostics of `report` that `earlier` (a dry run of the same files, whose
    /// diagnostics were printed) does not hold: what the writes of a reviewed change add.
    package func print(_ report: ChangeReport, after earlier: ChangeReport) {
        let shown = Set(earlier.files.flatMap { file in file.diagnostics.map { file.path + "\u{0}" + $0.locatedMessage } })
        var news = report
        for index in news.files.indices {
            let path = news.files[index].path
            news.files[index].diagnostics.removeAll { shown.contains(path + "\u{0}" + $0.locatedMessage) }
        }
        print(news)
    }

    /// Appends `path: severity: message [code]` and a line break, or nothing below `minimum`.
    private func appendLine(
        path: String?, severity: Diagnostic.Severity, message: String, code: String?, to out: inout String
    ) {
        guard severity >= minimum else { return }
        let label: String =
            switch severity {
            case .info: style.dim("note")
            case .warning: style.yellow("warning")
            case .error: style.red("error")
            }
        if let path { out += style.bold(Self.oneLine(path)) + ": " }
        out += label + ": " + message
        if let code { out += " " + style.dim("[\(code)]") }
        out += "\n"
    }

    /// `path` with control characters escaped (`\n`, `\t`, `\x1B` …), so that a file name
    /// holding a line break still makes one line per problem.
    static func oneLine(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isControl) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" : "") + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// Writes `text`, if any, to the printer's stream.
    private func write(_ text: String) {
        guard !text.isEmpty else { return }
        switch output {
        case .standardError: Terminal.writeError(text)
        case .standardOutput: Terminal.writeOutput(text)
        }
    }

    /// The files `inspect` could not read (their other diagnostics are part of its report).
    package func printFailures(_ report: InspectReport) {
        for score in report.files {
            guard let failure = score.failure else { continue }
            print(path: score.path, severity: .error, message: failure.message, code: failure.code.rawValue)
        }
    }

    /// Creates a printer of the diagnostics at least as severe as `minimum` to `output`, coloured
    /// with `style`.
    package init(
        style: Style = Style.forStream(isTerminal: Terminal.stderrIsTerminal),
        minimum: Diagnostic.Severity = .warning, output: Destination = .standardError
    ) {
        self.style = style
        self.minimum = minimum
        self.output = output
    }
}
