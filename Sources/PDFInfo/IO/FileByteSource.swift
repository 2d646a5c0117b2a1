import Platform

/// A read-only file read with `pread`, block by block, keeping the blocks it read.
///
/// Only the blocks the parser touches are read; a tagging scan of a typical PDF reads
/// a few KiB whatever the file's size.
public final class FileByteSource: ByteSource {
    /// The file's path, for error messages.
    public let path: String
    public let count: Int
    /// The open file: the writer copies the very file it read from it (`SafeFileWriter`).
    let descriptor: Int32
    /// What `fstat` said when the file was opened: the writer's stamp of the version it read.
    let status: stat
    /// Whether `path` is a symbolic link (the file read is its target), for the writer, which
    /// replaces the target and keeps the link.
    public let isLink: Bool
    private static let blockSize = 16 * 1024
    /// The blocks read so far: one stored property, so that finding a block is one access to
    /// the object's state, not one per array.
    private var cache = BlockCache()

    /// The blocks read so far, and their indexes at the same positions: a document's reader
    /// comes back to the few it needs (the tail, the xref, the objects it reads) many times, so
    /// they are few and searched in turn, the last one read first. Emptied when they are
    /// `maxBlocks`, so that memory stays flat however large the file.
    private struct BlockCache {
        static let maxBlocks = 64
        private var blocks: [[UInt8]] = []
        private var indexes: [Int] = []

        /// Block `index`, if it has been read.
        func block(_ index: Int) -> [UInt8]? {
            indexes.lastIndex(of: index).map { blocks[$0] }
        }

        /// Keeps `block`, read as block `index`.
        mutating func add(_ block: [UInt8], at index: Int) {
            if blocks.count >= Self.maxBlocks {
                blocks.removeAll()
                indexes.removeAll()
            }
            blocks.append(block)
            indexes.append(index)
        }
    }

    /// Opens `path` for reading.
    /// - Throws: `PDFError` `.ioFailure` when the file cannot be opened or is not a regular file.
    public init(path: String) throws(PDFError) {
        self.path = path
        // Non-blocking, so that a named pipe put where a PDF was (after it was listed) is
        // refused below instead of waiting for a writer; reads of regular files never block.
        // A link fails with ELOOP when not followed: then it is opened again, following it, so
        // that whether it is a link is known without an `lstat` of its own.
        var fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        let isLink = fd < 0 && errno == ELOOP
        if isLink { fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else {
            throw PDFError(.ioFailure, "cannot open: \(String(cString: strerror(errno)))", path: path)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw PDFError(.ioFailure, "cannot stat: \(reason)", path: path)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw PDFError(.ioFailure, "not a regular file", path: path)
        }
        descriptor = fd
        status = info
        self.isLink = isLink
        count = Int(info.st_size)
    }

    deinit { close(descriptor) }

    /// The file read, whatever its name: from `fstat` of the open descriptor, so no path is
    /// looked up again (a caller listing files tells hard links apart with it).
    public var identity: FileIdentity { FileIdentity(status) }

    /// How many names (hard links) the file has, from `fstat` of the open descriptor.
    public var linkCount: Int { Int(status.st_nlink) }

    /// The file's `st_mode`, from `fstat` of the open descriptor; when `isLink` is false it is
    /// what `lstat` of `path` said at the time.
    public var mode: mode_t { status.st_mode }

    public func read(_ range: Range<Int>) throws(PDFError) -> [UInt8] {
        let clipped = range.clamped(to: 0..<count)
        guard !clipped.isEmpty else { return [] }
        let firstBlock = clipped.lowerBound / Self.blockSize
        let lastBlock = (clipped.upperBound - 1) / Self.blockSize
        var result: [UInt8] = []
        result.reserveCapacity(clipped.count)
        for index in firstBlock...lastBlock {
            let block = try self.block(index)
            let base = index * Self.blockSize
            let lower = max(clipped.lowerBound, base) - base
            let upper = min(clipped.upperBound, base + block.count) - base
            if lower < upper { result.append(contentsOf: block[lower..<upper]) }
        }
        return result
    }

    public func window(containing offset: Int) throws(PDFError) -> (start: Int, bytes: [UInt8]) {
        guard offset >= 0, offset < count else { return (offset, []) }
        let index = offset / Self.blockSize
        return (index * Self.blockSize, try block(index))
    }

    private func block(_ index: Int) throws(PDFError) -> [UInt8] {
        if let cached = cache.block(index) { return cached }
        let offset = index * Self.blockSize
        let length = min(Self.blockSize, count - offset)
        var failure: Int32 = 0
        let buffer = [UInt8](unsafeUninitializedCapacity: max(length, 0)) { raw, initialized in
            var filled = 0
            while filled < length {
                let got = pread(descriptor, raw.baseAddress! + filled, length - filled, off_t(offset + filled))
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if got == 0 { break }  // the file shrank since it was opened
                filled += got
            }
            initialized = filled
        }
        if failure != 0 {
            throw PDFError(.ioFailure, "read failed: \(String(cString: strerror(failure)))", path: path, offset: offset)
        }
        cache.add(buffer, at: index)
        return buffer
    }
}
