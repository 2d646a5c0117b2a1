import Platform

/// Replaces a file atomically and durably: a temporary copy in the same folder (a reflink where
/// the filesystem allows), the change applied to the copy, a flush to disk, rename over the
/// original, fsync of the folder. A crash at any moment leaves either the old or the new file;
/// the original's permission bits (and, where allowed, owner) are kept. All system calls of the
/// writing path are in this file, `SafeFileWriter+Copy.swift`, `SafeFileWriter+Permissions.swift`
/// and `SafeFileWriter+Commit.swift`.
///
/// Many files are written as a group commit: ``stage(_:to:)`` prepares each temporary copy,
/// ``commit(_:)`` flushes them all (one `syncfs` per filesystem on Linux instead of a flush
/// per file, the slowest step of a write), renames
/// them in place and fsyncs each folder once. Every file is still either old or new at every
/// moment, and durable when `commit` returns.
public enum SafeFileWriter {
    /// Prefix of temporary files, so that watchers and cleanup can recognise them.
    public static let temporaryPrefix = ".tagrules-"
    /// Suffix of temporary files.
    public static let temporarySuffix = ".tmp"
    /// From this many staged files on, `commit` flushes with `syncfs` (Linux) instead of one
    /// `fsync` per file.
    static let groupFlushThreshold = 8

    /// Appends `update` to the file at `path`.
    /// - Throws: `.fileChanged` when the file's length is no longer `update.baseLength`
    ///   (changed since it was read); `.ioFailure` / `.permissionDenied` naming the path.
    public static func append(_ update: PreparedUpdate, to path: String) throws(PDFError) {
        try commitOne(try stage(update, to: path))
    }

    /// Writes the temporary copy of `path` with `update` appended, without flushing it; the
    /// original is untouched until ``commit(_:)``.
    /// - Throws: as ``append(_:to:)``; no temporary file is left behind.
    public static func stage(_ update: PreparedUpdate, to path: String) throws(PDFError) -> StagedReplacement {
        try stage(path: path, expectedLength: update.baseLength, keepingPrefix: update.baseLength, appending: update.bytes)
    }

    /// ``stage(_:to:)`` for the file `document` was read from (`PDFDocument.open`), copied from
    /// the descriptor the document read it through rather than opened again: the copy is of the
    /// very file the update was prepared from, and the stamp that ``commit(_:)`` compares is the
    /// one taken when the document was opened, so any change since then is refused.
    /// - Throws: as ``append(_:to:)``; no temporary file is left behind.
    public static func stage(_ update: PreparedUpdate, of document: PDFDocument) throws(PDFError) -> StagedReplacement {
        try stage(of: document, expectedLength: update.baseLength, keepingPrefix: update.baseLength, appending: update.bytes)
    }

    /// ``stage(_:to:)`` for the file at `path`, copied from `source`, which is open on it: the
    /// stamp that ``commit(_:)`` compares is the one taken when `source` was opened, so any
    /// change since then is refused.
    /// - Parameter folders: the checks of the folders of the group the file is staged with
    ///   (each folder is checked once for the group); nil checks the file's folder now.
    /// - Throws: as ``append(_:to:)``; no temporary file is left behind.
    public static func stage(
        _ update: PreparedUpdate, path: String, source: FileByteSource, folders: FolderChecks? = nil
    ) throws(PDFError) -> StagedReplacement {
        try stage(
            path: path, source: source, expectedLength: update.baseLength, keepingPrefix: update.baseLength,
            appending: update.bytes, folders: folders)
    }

    /// Stages truncating the file `document` was read from to its first `length` bytes, copied
    /// as ``stage(_:of:)`` copies: from the descriptor the document read it through, refused
    /// when the file changed since it was opened.
    /// - Throws: as ``append(_:to:)``; no temporary file is left behind.
    public static func stageTruncation(of document: PDFDocument, to length: Int) throws(PDFError) -> StagedReplacement {
        try stage(of: document, expectedLength: document.source.count, keepingPrefix: length, appending: [])
    }

    /// Stages replacing the file `document` was read from by its first `length` bytes followed
    /// by `tail` (``DisplacedRevision``), copied and refused as ``stageTruncation(of:to:)`` is.
    /// - Throws: as ``append(_:to:)``; no temporary file is left behind.
    static func stageSplice(of document: PDFDocument, keepingPrefix length: Int, then tail: [UInt8]) throws(PDFError) -> StagedReplacement {
        try stage(of: document, expectedLength: document.source.count, keepingPrefix: length, appending: tail)
    }

    /// Stages the file `document` was read from, through its descriptor when it was read from
    /// a file it still has open.
    private static func stage(
        of document: PDFDocument, expectedLength: Int, keepingPrefix prefixLength: Int, appending tail: [UInt8]
    ) throws(PDFError) -> StagedReplacement {
        guard let path = document.path else {
            throw PDFError(.ioFailure, "the document was not read from a file; nothing written")
        }
        guard let file = document.source as? FileByteSource else {
            return try stage(path: path, expectedLength: expectedLength, keepingPrefix: prefixLength, appending: tail)
        }
        return try stage(path: path, source: file, expectedLength: expectedLength, keepingPrefix: prefixLength, appending: tail)
    }

    /// Stages the file at `path` from `source`, which is open on it.
    private static func stage(
        path: String, source: FileByteSource, expectedLength: Int, keepingPrefix prefixLength: Int,
        appending tail: [UInt8], folders: FolderChecks? = nil
    ) throws(PDFError) -> StagedReplacement {
        // `source` was opened without following a link first: a path that is no link is its own target.
        try stage(
            path: path, target: source.isLink ? resolvedPath(path) : path, source: source.descriptor,
            info: source.status, expectedLength: expectedLength, keepingPrefix: prefixLength, appending: tail,
            folders: folders)
    }

    /// Removes staged copies that will not be committed.
    public static func discard(_ staged: [StagedReplacement]) {
        for item in staged { unlink(item.temporary) }
    }

    /// Commits one staged replacement, throwing why it was not put in place.
    static func commitOne(_ staged: StagedReplacement) throws(PDFError) {
        if let error = commit([staged])[0] { throw error }
    }

    private static func stage(
        path: String, expectedLength: Int, keepingPrefix prefixLength: Int, appending tail: [UInt8]
    ) throws(PDFError) -> StagedReplacement {
        let target = resolvedPath(path)
        let source = open(target, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw failure("cannot open", path) }
        defer { close(source) }
        var info = stat()
        guard fstat(source, &info) == 0 else { throw failure("cannot stat", path) }
        return try stage(
            path: path, target: target, source: source, info: info, expectedLength: expectedLength,
            keepingPrefix: prefixLength, appending: tail)
    }

    /// Writes the temporary copy of `target` (open as `source`, which `info` describes): its
    /// first `prefixLength` bytes, then `tail`, each at its offset.
    private static func stage(
        path: String, target: String, source: Int32, info: stat, expectedLength: Int,
        keepingPrefix prefixLength: Int, appending tail: [UInt8], folders: FolderChecks? = nil
    ) throws(PDFError) -> StagedReplacement {
        guard Int(info.st_size) == expectedLength else {
            throw PDFError(.fileChanged, "file changed since it was read (expected \(expectedLength) bytes, found \(info.st_size)); nothing written", path: path)
        }
        let folderInfo = try permittedFolder(target: target, info: info, path: path, folders: folders)
        let folder = folderOf(target)
        let temporary = temporaryPath(for: target, in: folder)
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(info.st_mode & 0o7777))
        guard output >= 0 else {
            throw errno == EACCES || errno == EROFS
                ? PDFError(.permissionDenied, "folder is not writable; nothing written", path: path)
                : failure("cannot create a temporary file beside it", path)
        }
        do throws(PDFError) {
            defer { close(output) }
            try copyPrefix(from: source, to: output, length: prefixLength, path: path)
            if let error = tail.withUnsafeBytes({ writeAll($0, to: output, at: prefixLength, path: path) }) { throw error }
            _ = fchmod(output, info.st_mode & 0o7777)
            if !ownerIsKept(info: info, folderInfo: folderInfo) {
                _ = fchown(output, info.st_uid, info.st_gid)  // best effort: only root may give files away
            }
        } catch {
            unlink(temporary)
            throw error
        }
        return StagedReplacement(
            path: path, target: target, temporary: temporary, folder: folder, original: FileStamp(info),
            byteCount: prefixLength + tail.count)
    }

    /// A temporary path beside `target`, named as every temporary file of tagrules is (see
    /// ``temporaryPath(for:in:number:)``), so that one a killed process left is found stale
    /// and removed by the next run over the folder.
    public static func temporaryPath(beside target: String) -> String {
        temporaryPath(for: target, in: folderOf(target))
    }

    /// `<folder>/.tagrules-<name>-<pid>-<number>.tmp`: unique to this process and this write.
    /// Assembled as UTF-8 bytes rather than by String appends: every write makes one.
    static func temporaryPath(
        for target: String, in folder: String, number: UInt32 = UniqueNumbers.temporaryNameSuffix()
    ) -> String {
        var (target, folder) = (target, folder)
        var path: [UInt8] = []
        target.withUTF8 { target in
            let name = target.lastIndex(of: UInt8(ascii: "/")).map { target[($0 + 1)...] } ?? target[...]
            folder.withUTF8 { folder in
                path.reserveCapacity(folder.count + name.count + 40)
                path.append(contentsOf: folder)
            }
            path.append(UInt8(ascii: "/"))
            path.append(contentsOf: temporaryPrefix.utf8)
            path.append(contentsOf: name)
        }
        path.append(UInt8(ascii: "-"))
        path.append(contentsOf: processID)
        path.append(UInt8(ascii: "-"))
        ObjectSerializer.writeInteger(Int(number), to: &path)
        path.append(contentsOf: temporarySuffix.utf8)
        return String(decoding: path, as: UTF8.self)
    }

    /// This process's number, as temporary names spell it (asked for once).
    private static let processID = Array(String(getpid()).utf8)

    /// The path with symbolic links resolved, so that a link's target is updated and the link
    /// kept. A path that is not itself a link is used as is (a linked folder on the way holds the
    /// temporary copy and the file alike), saving `realpath`'s readlink of every component.
    public static func resolvedPath(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) != 0 || info.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder part of `path`: before its last slash; "/" for a file in the root, "." without one.
    public static func folderOf(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
            return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
        }
    }

    static func failure(_ action: String, _ path: String) -> PDFError {
        let code = errno
        let kind: PDFError.Code = code == EACCES || code == EPERM || code == EROFS ? .permissionDenied : .ioFailure
        return PDFError(kind, "\(action): \(String(cString: strerror(code))); nothing written", path: path)
    }
}

/// A replacement staged by ``SafeFileWriter/stage(_:to:)``: the temporary copy is written,
/// the original untouched. Pass it to ``SafeFileWriter/commit(_:)`` or
/// ``SafeFileWriter/discard(_:)``.
public struct StagedReplacement: Sendable {
    /// The path as the caller named it.
    public let path: String
    /// The file replaced (symbolic links resolved).
    let target: String
    let temporary: String
    /// The folder of the file replaced, which ``SafeFileWriter/syncFolders(_:)`` syncs.
    public let folder: String
    /// The original as staged, to notice a change before the rename.
    let original: FileStamp
    /// The size of the temporary copy: what the staged group holds on disk until the commit.
    public let byteCount: Int
}
