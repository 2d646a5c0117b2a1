/// Prints problems to standard error as `path: severity: message [code]`, the form compilers
/// use, so that editors and `grep` can pick them up. Coloured only on a terminal.
struct DiagnosticPrinter {
    /// Colour for standard error.
    var style = Style.forStream(isTerminal: Terminal.stderrIsTerminal)
    /// The least severity printed.
    var minimum: ReportDiagnostic.Severity = .warning
    /// Where lines go: standard error, except for commands whose data are diagnostics.
    var output = Destination.standardError

    /// A standard stream.
    enum Destination { case standardError, standardOutput }

    /// Prints one line.
    func print(path: String?, severity: ReportDiagnostic.Severity, message: String, code: String? = nil) {
        write(line(path: path, severity: severity, message: message, code: code))
    }

    /// The diagnostics of a change report (failures and skipped writes are among them), written
    /// at once.
    func print(_ report: ChangeReport) {
        var text = ""
        // By index, skipping what is not printed: a loop over the files would copy each one.
        for index in report.files.indices {
            for diagnostic in report.files[index].diagnostics where diagnostic.severity >= minimum {
                text += line(
                    path: report.files[index].path, severity: diagnostic.severity, message: diagnostic.message,
                    code: diagnostic.code)
            }
        }
        write(text)
    }

    /// `path: severity: message [code]` and a line break, or nothing below `minimum`.
    private func line(path: String?, severity: ReportDiagnostic.Severity, message: String, code: String?) -> String {
        guard severity >= minimum else { return "" }
        let label: String =
            switch severity {
            case .info: style.dim("note")
            case .warning: style.yellow("warning")
            case .error: style.red("error")
            }
        let prefix = path.map { style.bold(Self.oneLine($0)) + ": " } ?? ""
        let suffix = code.map { " " + style.dim("[\($0)]") } ?? ""
        return "\(prefix)\(label): \(message)\(suffix)\n"
    }

    /// `path` with control characters escaped (`\n`, `\t`, `\x1B` …), so that a file name
    /// holding a line break still makes one line per problem.
    static func oneLine(_ path: String) -> String {
        // Control characters are single bytes below 0x80 in UTF-8, which never occur inside
        // the encoding of another character: a byte scan finds them.
        guard path.utf8.contains(where: { isControl(Unicode.Scalar($0)) }) else { return path }
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

    private func write(_ text: String) {
        guard !text.isEmpty else { return }
        switch output {
        case .standardError: Terminal.writeError(text)
        case .standardOutput: Terminal.writeOutput(text)
        }
    }

    /// The files `inspect` could not read (their other diagnostics are part of its report).
    func printFailures(_ report: InspectReport) {
        for score in report.files {
            guard let failure = score.failure else { continue }
            print(path: score.path, severity: .error, message: failure.message, code: failure.code.rawValue)
        }
    }
}
