import Platform

/// The commit of staged replacements (``SafeFileWriter/stage(_:to:)``): flush the copies, put
/// each in place, sync the folders.
extension SafeFileWriter {
    /// Flushes the staged copies to disk, renames each over its original unless the original
    /// changed since it was staged, and fsyncs their folders.
    /// - Returns: For each staged file in order, `nil` when it was replaced, else why not (its
    ///   original is untouched and its temporary copy removed).
    public static func commit(_ staged: [StagedReplacement]) -> [PDFError?] {
        var results = flush(staged, asGroup: staged.count >= groupFlushThreshold)
        var folders: Set<String> = []
        for (index, item) in staged.enumerated() where results[index] == nil {
            do throws(PDFError) {
                try putInPlace(item)
                folders.insert(item.folder)
            } catch {
                results[index] = error
            }
        }
        syncFolders(folders)
        return results
    }

    /// The middle step of ``commit(_:)``: renames the copy over its original unless the
    /// original changed since it was staged. The rename is durable once ``syncFolders(_:)``
    /// has synced the replacement's `folder`.
    /// - Throws: `.fileChanged` when the original changed since it was staged, else an I/O
    ///   error; the original is untouched and the temporary copy removed.
    static func putInPlace(_ item: StagedReplacement) throws(PDFError) {
        var now = stat()
        guard stat(item.target, &now) == 0, FileStamp(now) == item.original else {
            unlink(item.temporary)
            throw PDFError(.fileChanged, "file changed while it was being written; nothing written", path: item.path)
        }
        guard rename(item.temporary, item.target) == 0 else {
            let error = failure("cannot replace the file", item.path)
            unlink(item.temporary)
            throw error
        }
    }

    /// The last step of ``commit(_:)``: fsyncs each of `folders`, which makes the renames
    /// ``putInPlace(_:)`` did in them durable.
    static func syncFolders(_ folders: Set<String>) {
        for folder in folders {
            let directory = open(folder, O_RDONLY | O_CLOEXEC)
            if directory >= 0 {
                _ = fsync(directory)
                close(directory)
            }
        }
    }

    /// The first step of ``commit(_:)``: flushes every staged copy to disk, with one `syncfs`
    /// per filesystem for a group where the system has it (`asGroup`; worth it from
    /// ``groupFlushThreshold`` files of the whole run on), else (or when `syncfs` fails) by
    /// flushing each copy (``SystemCalls/flushFile(_:)``).
    /// - Returns: For each copy in order, `nil` when it is on disk, else why not (the copy is
    ///   removed; its original is untouched).
    static func flush(_ staged: [StagedReplacement], asGroup: Bool) -> [PDFError?] {
        var flushedDevices: Set<UInt64> = []
        if asGroup, SystemCalls.canSyncFileSystem {
            for item in staged where !flushedDevices.contains(item.original.identity.device) {
                let descriptor = open(item.temporary, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { continue }
                if SystemCalls.syncFileSystem(descriptor) { flushedDevices.insert(item.original.identity.device) }
                close(descriptor)
            }
        }
        return staged.map { item -> PDFError? in
            if flushedDevices.contains(item.original.identity.device) { return nil }
            let descriptor = open(item.temporary, O_RDONLY | O_CLOEXEC)
            let flushed = descriptor >= 0 && SystemCalls.flushFile(descriptor)
            let error = flushed ? nil : failure("cannot flush to disk", item.path)
            if descriptor >= 0 { close(descriptor) }
            if !flushed { unlink(item.temporary) }
            return error
        }
    }
}
