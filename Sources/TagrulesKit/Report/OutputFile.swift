import PDFInfo
import Platform

/// Writes an `--output` file where a shell redirection would put it, without its hazards: a
/// regular file is replaced atomically (a temporary file in its folder, renamed over it) and
/// keeps its permissions; a symbolic link is written through (the link stays, its target gets
/// the report); a FIFO or a device (`/dev/stdout`) is written into, never replaced. A report
/// never replaces a folder or a PDF (`-o score.pdf` naming an input would destroy the score).
package enum OutputFile {
    /// Why `path` cannot take a report, before any work is done: an empty name, a folder, a
    /// PDF, a folder that does not exist; nil when it can.
    package static func refusal(_ path: String) -> String? {
        guard !path.isEmpty else { return "the file name is empty" }
        var status = stat()
        guard stat(path, &status) == 0 else {
            // Missing (or a dangling link): the folder it goes into must exist.
            let folder = SafeFileWriter.folderOf(path)
            var folderStatus = stat()
            guard stat(folder, &folderStatus) == 0 else { return "the folder \(folder) does not exist" }
            return isFolder(folderStatus) ? nil : "\(folder) is not a folder"
        }
        if isFolder(status) { return "it is a folder" }
        if isRegular(status) && startsLikePDF(path) {
            return "it is a PDF, which a report never replaces; choose another file name"
        }
        return nil
    }

    /// Writes `bytes` to `path` (see the type's description).
    /// - Parameter what: What is written, for the error message ("the report").
    /// - Throws: `CLIError` (`output-failed`) naming the path and the reason.
    package static func write(_ bytes: [UInt8], to path: String, what: String = "the report") throws(CLIError) {
        try write(to: path, what: what) { Terminal.writeAll(bytes, to: $0) }
    }

    /// Opens the right file for `path`, has `fill` write into the descriptor (returning 0 or
    /// an `errno`), and puts it in place.
    private static func write(to path: String, what: String, _ fill: (Int32) -> Int32) throws(CLIError) {
        func failure(_ reason: String) -> CLIError {
            CLIError(.outputFailed, "cannot write \(what): \(reason)", path: path)
        }
        if let refusal = refusal(path) { throw failure(refusal) }
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists && !isRegular(status) {
            // A FIFO, a terminal, a device: written into, as a redirection would.
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure(reason(errno)) }
            defer { close(descriptor) }
            let error = fill(descriptor)
            guard error == 0 else { throw failure(reason(error)) }
            return
        }
        // The file a link leads to is replaced, so that the link stays one.
        let target = SafeFileWriter.resolvedPath(path)
        if exists && access(target, W_OK) != 0 { throw failure(reason(errno)) }
        let temporary = SafeFileWriter.temporaryPath(beside: target)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(reason(errno)) }
        var error = fill(descriptor)
        if error == 0 && exists {
            // The replaced file's permissions and, where allowed, its owner.
            if fchmod(descriptor, status.st_mode & 0o7777) != 0 { error = errno }
            _ = fchown(descriptor, status.st_uid, status.st_gid)
        }
        if close(descriptor) != 0 && error == 0 { error = errno }
        if error == 0 && rename(temporary, target) != 0 { error = errno }
        guard error == 0 else {
            unlink(temporary)
            throw failure(reason(error))
        }
    }

    /// Whether the file at `path` begins with `%PDF-` in its first 1,024 bytes, as readers
    /// accept; false when it cannot be read.
    private static func startsLikePDF(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 1024)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 5 else { return false }
        let marker = Array("%PDF-".utf8)
        return (0...(count - 5)).contains { head[$0..<$0 + 5].elementsEqual(marker) }
    }

    private static func isFolder(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFDIR }

    private static func isRegular(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFREG }

    /// A lowercase reason for `error`.
    private static func reason(_ error: Int32) -> String {
        switch error {
        case EACCES, EPERM: "permission denied"
        case EROFS: "the file system is read-only"
        case ENOSPC: "the disk is full"
        case EDQUOT: "the disk quota is exhausted"
        default: String(cString: strerror(error)).lowercased()
        }
    }
}

