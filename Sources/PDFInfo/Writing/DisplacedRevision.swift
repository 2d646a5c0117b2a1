/// Taking out a tagrules revision that another program's later bytes displaced (issue 26).
///
/// A downloader that writes a PDF in separate open/append/close steps and pauses after an early
/// `%%EOF` (a linearized file's first section, or its first revision) can have tagrules'
/// revision appended in the pause; the bytes it appends afterwards then lie after that revision
/// while their offsets count without it, and every reader finds the file damaged. The bytes
/// tagrules inserted are known exactly (`revision`, remembered by whoever wrote them), so they
/// can be taken out: the file becomes what the other program wrote, byte for byte.
public enum DisplacedRevision {
    /// Takes `revision` (the bytes a tagrules revision occupied when it was written) out of the
    /// file at `path`, when all of this holds, and otherwise leaves the file alone:
    /// - the file reads as damaged (a coherent update on top of the revision is another tool's
    ///   edit and is kept);
    /// - bytes follow the revision, and its first `revision.upperBound` bytes are still a file
    ///   whose last revision is tagrules', written over its first `revision.lowerBound` bytes;
    /// - without the revision the file reads undamaged.
    ///
    /// The replacement is atomic and durable (``SafeFileWriter``), and refused when the file
    /// changes while it is checked.
    /// - Returns: Whether the revision was taken out.
    /// - Throws: ``PDFError`` when the file cannot be read or written.
    public static func takeOut(_ revision: Range<Int>, of path: String, password: String? = nil) throws(PDFError) -> Bool {
        let document = try PDFDocument.open(path: path, password: password)
        let source = document.source
        guard document.wasRepaired, revision.lowerBound > 0, revision.upperBound < source.count else { return false }
        let written = PrefixByteSource(source, length: revision.upperBound)
        guard let withRevision = try? PDFDocument(source: written, password: password),
            (try? RevisionUndo.baseLength(of: withRevision)) == revision.lowerBound
        else { return false }
        guard let without = try? PDFDocument(source: SplicedByteSource(source, removing: revision), password: password),
            !without.wasRepaired
        else { return false }
        let rest = try source.read(revision.upperBound..<source.count)
        try SafeFileWriter.commitOne(try SafeFileWriter.stageSplice(of: document, keepingPrefix: revision.lowerBound, then: rest))
        return true
    }
}

/// Another source without the bytes in `removed`: what a file would be had they never been
/// inserted.
final class SplicedByteSource: ByteSource {
    private let base: ByteSource
    private let removed: Range<Int>
    /// How many bytes a window holds.
    private static let windowSize = 64 << 10

    init(_ base: ByteSource, removing removed: Range<Int>) {
        self.base = base
        self.removed = removed.clamped(to: 0..<base.count)
    }

    var count: Int { base.count - removed.count }

    func read(_ range: Range<Int>) throws(PDFError) -> [UInt8] {
        let range = range.clamped(to: 0..<count)
        let cut = removed.lowerBound
        var bytes = range.lowerBound < cut ? try base.read(range.lowerBound..<min(range.upperBound, cut)) : []
        if range.upperBound > cut {
            let after = max(range.lowerBound, cut)
            bytes += try base.read((after + removed.count)..<(range.upperBound + removed.count))
        }
        return bytes
    }

    func window(containing offset: Int) throws(PDFError) -> (start: Int, bytes: [UInt8]) {
        (offset, try read(offset..<(offset + Self.windowSize)))
    }
}
