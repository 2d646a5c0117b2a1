/// Random access to the bytes of a PDF, without holding the whole file in memory.
///
/// The reader asks only for the ranges it needs (the tail, xref sections, a few objects),
/// which is what keeps scanning a large library fast and memory flat.
public protocol ByteSource: AnyObject {
    /// Total length in bytes.
    var count: Int { get }
    /// The bytes in `range`, clipped to the end of the source.
    func read(_ range: Range<Int>) throws(PDFError) -> [UInt8]
    /// A run of bytes that contains `offset` (non-empty when `offset` is inside the source),
    /// shared rather than copied where the source can: what cursors walk through.
    func window(containing offset: Int) throws(PDFError) -> (start: Int, bytes: [UInt8])
}

/// An in-memory byte source, for tests and for bytes already at hand.
public final class MemoryByteSource: ByteSource {
    private let bytes: [UInt8]

    /// Wraps `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var count: Int { bytes.count }

    public func read(_ range: Range<Int>) throws(PDFError) -> [UInt8] {
        let clipped = range.clamped(to: 0..<bytes.count)
        return Array(bytes[clipped])
    }

    public func window(containing offset: Int) throws(PDFError) -> (start: Int, bytes: [UInt8]) {
        (0, bytes)
    }
}
