import Platform

/// The byte copying of `SafeFileWriter`'s staging: the original's bytes into the temporary copy
/// (in the kernel where it can), then the update after them.
extension SafeFileWriter {
    /// Copies the first `length` bytes of `source` to the start of `output` inside the kernel
    /// where it can (``SystemCalls/copyFileRange(from:at:to:at:count:)``), else, or for what it
    /// left, through a buffer.
    static func copyPrefix(from source: Int32, to output: Int32, length: Int, path: String) throws(PDFError) {
        var copied = 0
        var inputOffset = Int64(0), outputOffset = Int64(0)
        while copied < length {
            let result = SystemCalls.copyFileRange(
                from: source, at: &inputOffset, to: output, at: &outputOffset, count: length - copied)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { break }  // not supported here: the buffer copies the rest
            copied += result
        }
        guard copied < length else { return }
        // At most 1 MiB, and no larger than what is left: most scores are a few dozen KiB.
        let size = max(1, min(length - copied, 1 << 20))
        var buffer = [UInt8](unsafeUninitializedCapacity: size) { _, count in count = size }
        while copied < length {
            let chunk = min(buffer.count, length - copied)
            let got = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress, chunk, off_t(copied)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw failure("cannot read", path) }
            let error = buffer.withUnsafeBytes {
                writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<got]), to: output, at: copied, path: path)
            }
            if let error { throw error }
            copied += got
        }
    }

    /// Writes all of `bytes` at `offset` of `descriptor`; why not, when it cannot.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int, path: String) -> PDFError? {
        var written = 0
        while written < bytes.count {
            let result = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(offset + written))
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                return errno == ENOSPC ? PDFError(.ioFailure, "disk full; nothing written", path: path) : failure("cannot write", path)
            }
            written += result
        }
        return nil
    }
}
