/// Removing the last revision when tagrules wrote it (pdf-notes §1; issue: undo primitive).
///
/// A revision is ours when its trailer carries `/TagrulesBase N` and the file's structure agrees:
/// exactly one xref section lies past byte N (ours, the newest), the file ends with that
/// section's `%%EOF`, and the `startxref` at the end of the first N bytes equals the trailer's
/// /Prev. A key copied into a later foreign trailer fails these checks, so undo never strips
/// another tool's update. (Counting the word `startxref` in the bytes would be fooled by an XMP
/// packet that contains it; the structure is not.)
public enum RevisionUndo {
    /// The length the file had before its last revision, when that revision is ours and last.
    /// - Throws: `.notOwnRevision` with the reason when it is not.
    public static func baseLength(of document: PDFDocument) throws(PDFError) -> Int {
        guard !document.wasRepaired else {
            throw PDFError(.notOwnRevision, "the cross-reference data is damaged; cannot tell the last revision apart", path: document.path)
        }
        guard let base = document.trailer[IncrementalUpdateWriter.markerKey]?.integerValue else {
            throw PDFError(.notOwnRevision, "the last revision was not written by tagrules", path: document.path)
        }
        let source = document.source
        let foreign = PDFError(.notOwnRevision, "the last revision was not written by tagrules (another tool updated the file since)", path: document.path)
        let sectionsAfterBase = document.xref.sectionOffsets.filter { $0 >= base }
        guard base > 0, base < source.count, sectionsAfterBase.count == 1,
              sectionsAfterBase.first == document.xref.sectionOffsets.first else { throw foreign }
        // Nothing after our `%%EOF`: the tail is `%%EOF` and at most a line end.
        let tail = try source.read(max(base, source.count - 8)..<source.count)
        let trimmed = tail.reversed().drop { $0 == 0x0A || $0 == 0x0D }
        guard Array(trimmed.prefix(5).reversed()) == Array("%%EOF".utf8) else { throw foreign }
        let previous = try FileFrame.locate(in: PrefixByteSource(source, length: base)).startxref
        guard previous == document.trailer["Prev"]?.integerValue else { throw foreign }
        return base
    }

    /// Strips the last revision of the file at `path` if tagrules wrote it, verified.
    /// - Returns: the new length of the file.
    @discardableResult
    public static func undo(path: String) throws(PDFError) -> Int {
        let document = try PDFDocument.open(path: path)
        let base = try baseLength(of: document)
        try SafeFileWriter.commitOne(try SafeFileWriter.stageTruncation(of: document, to: base))
        return base
    }

    /// Stages stripping the last revision of the file `document` was read from, if tagrules
    /// wrote it, verified: a temporary copy of the file without it, to be put in place by
    /// `SafeFileWriter.commit` (or its steps, for many files).
    /// - Throws: `.notOwnRevision` when the last revision is not tagrules'; else as
    ///   `SafeFileWriter.stage(_:of:)`.
    public static func stage(_ document: PDFDocument) throws(PDFError) -> StagedReplacement {
        try SafeFileWriter.stageTruncation(of: document, to: try baseLength(of: document))
    }
}

/// The first `length` bytes of another source.
final class PrefixByteSource: ByteSource {
    private let base: ByteSource
    let count: Int

    init(_ base: ByteSource, length: Int) {
        self.base = base
        self.count = min(length, base.count)
    }

    func read(_ range: Range<Int>) throws(PDFError) -> [UInt8] {
        try base.read(range.clamped(to: 0..<count))
    }

    func window(containing offset: Int) throws(PDFError) -> (start: Int, bytes: [UInt8]) {
        let (start, bytes) = try base.window(containing: offset)
        return (start, Array(bytes.prefix(max(0, count - start))))
    }
}
