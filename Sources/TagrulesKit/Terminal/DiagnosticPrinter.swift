#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Prints problems to standard error as `path: severity: message [code]`, the form compilers
/// use, so that editors and `grep` can pick them up. Coloured only on a terminal.
package struct DiagnosticPrinter {
    /// Colour for standard error.
    var style = Style.forStream(isTerminal: Terminal.stderrIsTerminal)
    /// The least severity printed.
    package var minimum: ReportDiagnostic.Severity = .warning
    /// Where lines go: standard error, except for commands whose data are diagnostics.
    package var output = Destination.standardError

    /// A standard stream.
    package enum Destination { case standardError, standardOutput }

    /// Prints one line.
    package func print(path: String?, severity: ReportDiagnostic.Severity, message: String, code: String? = nil) {
        var out = ByteSink(capacity: 256)
        appendLine(path: path, severity: severity, message: message, code: code, to: &out)
        write(&out)
    }

    /// The diagnostics of a change report (failures and skipped writes are among them), written
    /// at once.
    package func print(_ report: ChangeReport) {
        var out = ByteSink(capacity: 4096)
        // Each file borrowed in place, skipping what is not printed: a loop over the files, or
        // the array's subscript, copies each one.
        report.files.withUnsafeBufferPointer { files in
            for index in files.indices {
                for diagnostic in files[index].diagnostics where diagnostic.severity >= minimum {
                    appendLine(
                        path: files[index].path, severity: diagnostic.severity, message: diagnostic.message,
                        code: diagnostic.code, to: &out)
                }
            }
        }
        write(&out)
    }

    /// Appends `path: severity: message [code]` and a line break, or nothing below `minimum`
    /// (bytes, not `String` appends: a large library makes hundreds of lines).
    private func appendLine(
        path: String?, severity: ReportDiagnostic.Severity, message: String, code: String?, to out: inout ByteSink
    ) {
        guard severity >= minimum else { return }
        let label: String =
            switch severity {
            case .info: style.dim("note")
            case .warning: style.yellow("warning")
            case .error: style.red("error")
            }
        if let path {
            out.append(style.bold(Self.oneLine(path)))
            out.append(": ")
        }
        out.append(label)
        out.append(": ")
        out.append(message)
        if let code {
            out.append(" ")
            out.append(style.dim("[\(code)]"))
        }
        out.append(UInt8(ascii: "\n"))
    }

    /// `path` with control characters escaped (`\n`, `\t`, `\x1B` …), so that a file name
    /// holding a line break still makes one line per problem.
    static func oneLine(_ path: String) -> String {
        // Control characters are single bytes below 0x80 in UTF-8, which never occur inside
        // the encoding of another character: a byte scan finds them (over the string's own
        // storage, a plain loop).
        var scanned = path
        guard scanned.withUTF8({ $0.contains { isControl(Unicode.Scalar($0)) } }) else { return path }
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

    /// Writes what `out` holds, if anything, without copying it.
    private func write(_ out: inout ByteSink) {
        guard out.count > 0 else { return }
        let chunk = out.takeChunk(reserving: 0)
        switch output {
        case .standardError: Terminal.writeAll([chunk], to: STDERR_FILENO)
        case .standardOutput: Terminal.writeAll([chunk], to: STDOUT_FILENO)
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
        minimum: ReportDiagnostic.Severity = .warning, output: Destination = .standardError
    ) {
        self.style = style
        self.minimum = minimum
        self.output = output
    }
}
