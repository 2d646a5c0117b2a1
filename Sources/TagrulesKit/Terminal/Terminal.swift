import Platform

/// What the standard streams are connected to, and whether text may be coloured.
///
/// Colour follows https://no-color.org: only on a terminal, never when `NO_COLOR` is set to a
/// non-empty value, never for `TERM=dumb`.
package enum Terminal {
    /// Whether standard output is a terminal.
    package static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    /// Whether standard error is a terminal.
    package static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether the environment allows colour at all.
    static var environmentAllowsColor: Bool {
        if let value = getenv("NO_COLOR"), value.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }

    /// The width of standard error's terminal in columns, or 80 when unknown.
    static var stderrColumns: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Writes `text` to standard error, unbuffered.
    package static func writeError(_ text: String) { writeAll(Array(text.utf8), to: STDERR_FILENO) }

    /// Writes `text` to standard output, unbuffered (reports are written in one piece).
    package static func writeOutput(_ text: String) { writeAll(Array(text.utf8), to: STDOUT_FILENO) }

    /// Writes UTF-8 `bytes` to standard output, unbuffered.
    package static func writeOutput(_ bytes: [UInt8]) { writeAll(bytes, to: STDOUT_FILENO) }

    /// Writes all of `bytes` to `descriptor`, going on after short writes and interruptions.
    /// - Returns: 0, or the `errno` that stopped it.
    @discardableResult
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return result < 0 ? errno : EIO }
            written += result
        }
        return 0
    }
}
