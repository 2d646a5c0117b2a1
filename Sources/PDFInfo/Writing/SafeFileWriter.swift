#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file atomically and durably: a temporary copy in the same folder (a reflink where
/// the filesystem allows), the change applied to the copy, fsync, rename over the original,
/// fsync of the folder. A crash at any moment leaves either the old or the new file; the
/// original's permission bits (and, where allowed, owner) are kept. All system calls of the
/// writing path are in this file.
public enum SafeFileWriter {
    /// Prefix of temporary files, so that watchers and cleanup can recognise them.
    public static let temporaryPrefix = ".tagrules-"
    /// Suffix of temporary files.
    public static let temporarySuffix = ".tmp"

    /// Appends `update` to the file at `path`.
    /// - Throws: `.fileChanged` when the file's length is no longer `update.baseLength`
    ///   (changed since it was read); `.ioFailure` / `.permissionDenied` naming the path.
    public static func append(_ update: PreparedUpdate, to path: String) throws(PDFError) {
        try replace(path: path, expectedLength: update.baseLength, keepingPrefix: update.baseLength, appending: update.bytes)
    }

    /// Truncates the file at `path` to `length` bytes through the same safe replacement.
    public static func truncate(path: String, to length: Int, expectedLength: Int) throws(PDFError) {
        try replace(path: path, expectedLength: expectedLength, keepingPrefix: length, appending: [])
    }

    private static func replace(path: String, expectedLength: Int, keepingPrefix prefixLength: Int, appending tail: [UInt8]) throws(PDFError) {
        let target = resolvedPath(path)
        let source = open(target, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw failure("cannot open", path) }
        defer { close(source) }
        var info = stat()
        guard fstat(source, &info) == 0 else { throw failure("cannot stat", path) }
        guard Int(info.st_size) == expectedLength else {
            throw PDFError(.fileChanged, "file changed since it was read (expected \(expectedLength) bytes, found \(info.st_size)); nothing written", path: path)
        }
        // No write bit at all means the user made it read-only: respected even when running as root.
        guard access(target, W_OK) == 0, info.st_mode & 0o222 != 0 else {
            throw PDFError(.permissionDenied, "file is read-only; nothing written", path: path)
        }
        let folder = folderOf(target)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, access(folder, W_OK) == 0, folderInfo.st_mode & 0o222 != 0 else {
            throw PDFError(.permissionDenied, "folder is read-only; nothing written", path: path)
        }
        let temporary = folder + "/" + temporaryPrefix + baseName(target) + "-\(getpid())-\(UInt32.random(in: 0...UInt32.max))" + temporarySuffix
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(info.st_mode & 0o7777))
        guard output >= 0 else {
            throw errno == EACCES || errno == EROFS
                ? PDFError(.permissionDenied, "folder is not writable; nothing written", path: path)
                : failure("cannot create a temporary file beside it", path)
        }
        var done = false
        defer {
            if !done { unlink(temporary) }
        }
        do {
            defer { close(output) }
            try copyPrefix(from: source, to: output, length: prefixLength, path: path)
            if prefixLength < expectedLength, ftruncate(output, off_t(prefixLength)) != 0 {
                throw failure("cannot truncate the temporary copy", path)
            }
            guard lseek(output, off_t(prefixLength), SEEK_SET) >= 0 else { throw failure("cannot seek", path) }
            try writeAll(tail, to: output, path: path)
            _ = fchmod(output, info.st_mode & 0o7777)
            _ = fchown(output, info.st_uid, info.st_gid)  // best effort: only root may give files away
            guard fsync(output) == 0 else { throw failure("cannot flush to disk", path) }
        }
        guard rename(temporary, target) == 0 else { throw failure("cannot replace the file", path) }
        done = true
        let directory = open(folder, O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    /// Clones the first `length` bytes where the filesystem can (Linux FICLONE), else copies them.
    private static func copyPrefix(from source: Int32, to output: Int32, length: Int, path: String) throws(PDFError) {
        #if os(Linux)
        let ficlone: UInt = 0x4004_9409
        if ioctl(output, ficlone, source) == 0 { return }
        #endif
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var copied = 0
        while copied < length {
            let chunk = min(buffer.count, length - copied)
            let got = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress, chunk, off_t(copied)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw failure("cannot read", path) }
            try writeAll(buffer[0..<got], to: output, path: path)
            copied += got
        }
    }

    private static func writeAll<C: Collection>(_ bytes: C, to descriptor: Int32, path: String) throws(PDFError) where C.Element == UInt8 {
        let array = Array(bytes)
        var written = 0
        while written < array.count {
            let result = array.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, array.count - written) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                throw errno == ENOSPC ? PDFError(.ioFailure, "disk full; nothing written", path: path) : failure("cannot write", path)
            }
            written += result
        }
    }

    /// The path with symbolic links resolved, so that a link's target is updated and the link kept.
    private static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func baseName(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    private static func failure(_ action: String, _ path: String) -> PDFError {
        let code = errno
        let kind: PDFError.Code = code == EACCES || code == EPERM || code == EROFS ? .permissionDenied : .ioFailure
        return PDFError(kind, "\(action): \(String(cString: strerror(code))); nothing written", path: path)
    }
}
