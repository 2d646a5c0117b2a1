#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the standard streams are connected to, and whether text may be coloured.
///
/// Colour follows https://no-color.org: only on a terminal, never when `NO_COLOR` is set to a
/// non-empty value, never for `TERM=dumb`.
package enum Terminal {
    /// Whether standard output is a terminal.
    package static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    /// Whether standard error is a terminal.
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

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

    /// Writes `chunks` to standard output one after another, unbuffered: `writev` takes them
    /// where they are, so a report in pieces is never joined into one copy first.
    package static func writeOutput(_ chunks: [ByteChunk]) { writeAll(chunks, to: STDOUT_FILENO) }

    /// Writes `chunks` in order to `descriptor`, from where they lie (one `writev` piece each).
    /// - Returns: 0 when all was written, else the `errno` that stopped it.
    @discardableResult
    static func writeAll(_ chunks: [ByteChunk], to descriptor: Int32) -> Int32 {
        withExtendedLifetime(chunks) {
            // The pieces point into the chunks, which `withExtendedLifetime` keeps alive.
            var pieces = chunks.compactMap { chunk in chunk.isEmpty ? nil : chunk.piece }
            return writeAll(&pieces, to: descriptor)
        }
    }

    /// Writes the bytes `pieces` point to, in order, by `writev` calls of at most `IOV_MAX`
    /// pieces, going on after a short write or an interruption; stops at an error.
    /// - Returns: 0 when all was written, else the `errno` that stopped it.
    private static func writeAll(_ pieces: inout [iovec], to descriptor: Int32) -> Int32 {
        var first = 0
        while first < pieces.count {
            let batch = min(pieces.count - first, iovMax)
            let result = pieces[first...].withUnsafeBufferPointer { writev(descriptor, $0.baseAddress, Int32(batch)) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return result < 0 ? errno : EIO }
            // Skip what was written; a short write leaves part of a piece.
            var written = result
            while first < pieces.count && written >= pieces[first].iov_len {
                written -= pieces[first].iov_len
                first += 1
            }
            if written > 0 {
                pieces[first].iov_base = pieces[first].iov_base.map { $0 + written }
                pieces[first].iov_len -= written
            }
        }
        return 0
    }

    /// The most pieces one `writev` takes (1,024 on Linux and macOS; POSIX promises 16).
    private static let iovMax = max(16, sysconf(Int32(_SC_IOV_MAX)))

    /// Writes all of `bytes` to `descriptor`.
    /// - Returns: 0 when all was written, else the `errno` that stopped it.
    @discardableResult
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        guard !bytes.isEmpty else { return 0 }
        return bytes.withUnsafeBytes { buffer in
            var pieces = [iovec(iov_base: UnsafeMutableRawPointer(mutating: buffer.baseAddress), iov_len: buffer.count)]
            return writeAll(&pieces, to: descriptor)
        }
    }
}
