#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an `--output` file where a shell redirection would put it, without its hazards: a
/// regular file is replaced atomically (a temporary file in its folder, renamed over it) and
/// keeps its permissions; a symbolic link is written through (the link stays, its target gets
/// the report); a FIFO or a device (`/dev/stdout`) is written into, never replaced. A report
/// never replaces a folder or a PDF (`-o score.pdf` naming an input would destroy the score).
enum OutputFile {
    /// Why `path` cannot take a report, before any work is done: an empty name, a folder, a
    /// PDF, a folder that does not exist; nil when it can.
    static func refusal(_ path: String) -> String? {
        guard !path.isEmpty else { return "the file name is empty" }
        var status = stat()
        guard stat(path, &status) == 0 else {
            // Missing (or a dangling link): the folder it goes into must exist.
            let folder = parentFolder(of: path)
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
    static func write(_ bytes: [UInt8], to path: String, what: String = "the report") throws(CLIError) {
        try write(to: path, what: what) { descriptor in
            bytes.withUnsafeBytes { writeFully(descriptor, $0) }
        }
    }

    /// Writes `chunks`, one after another, to `path` (see the type's description).
    /// - Throws: `CLIError` (`output-failed`) naming the path and the reason.
    static func write(_ chunks: [ByteChunk], to path: String, what: String = "the report") throws(CLIError) {
        try write(to: path, what: what) { descriptor in
            for chunk in chunks {
                let failure = chunk.withContiguousStorageIfAvailable { writeFully(descriptor, UnsafeRawBufferPointer($0)) }
                if let failure, failure != 0 { return failure }
            }
            return 0
        }
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
        let target = exists ? (resolved(path) ?? path) : path
        if exists && access(target, W_OK) != 0 { throw failure(reason(errno)) }
        let temporary = "\(parentFolder(of: target))/.\(fileName(of: target)).tagrules-\(UInt32.random(in: 0...UInt32.max)).tmp"
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

    /// Writes all of `bytes` to `descriptor`, going on after short writes and interruptions;
    /// 0, or the `errno` that stopped it.
    private static func writeFully(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
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

    /// The canonical path of an existing `path`, links resolved.
    private static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
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

/// `write(2)`, which the type's own `write` methods hide inside it.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
