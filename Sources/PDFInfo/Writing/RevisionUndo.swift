/// Removing the last revision when tagrules wrote it (pdf-notes §1; issue: undo primitive).
///
/// A revision is ours when its trailer carries `/TagrulesBase N` and the file's structure agrees:
/// the newest xref section (where the last `startxref` points) lies past byte N and is the only
/// one there, the objects it lists from byte N on start right at N, the file ends with its
/// `%%EOF`, and its /Prev is what the writer wrote for the first N bytes: their last
/// `startxref`, or none when their cross-reference data was damaged and the revision lists
/// every object instead (`--force`). A key copied into a later foreign trailer fails these
/// checks, so undo never strips another tool's update. (Counting the word `startxref` in the
/// bytes would be fooled by an XMP packet that contains it; the structure is not.)
///
/// The checks read the sections themselves (`SectionChain`), so they hold for a file whose older
/// part is damaged.
public enum RevisionUndo {
    /// The most objects a revision of ours may write: the writer writes Info, the XMP packet and
    /// an xref stream at most; anything much larger is not ours.
    static let maxObjectsPerRevision = 64

    /// The length the file had before its last revision, when that revision is ours and last.
    /// - Throws: `.notOwnRevision` when the file has no revision of ours; `.ownRevisionNotLast`
    ///   when another tool's update follows ours (or the file changed after our `%%EOF`).
    public static func baseLength(of document: PDFDocument) throws(PDFError) -> Int {
        let chain = SectionChain(source: document.source, headerOffset: document.headerOffset)
        guard let newest = try chain.newest() else { throw notOwn(document) }
        guard let base = newest.trailer[IncrementalUpdateWriter.markerKey]?.integerValue else {
            throw chain.olderTrailer(than: newest, holds: IncrementalUpdateWriter.markerKey) ? notLast(document) : notOwn(document)
        }
        guard try isOnlyRevision(newest, after: base, in: document) else { throw notLast(document) }
        return base
    }

    /// Whether `section`, the newest, is all that follows the first `base` bytes: checked on the
    /// structure, as the type's summary says.
    private static func isOnlyRevision(_ section: XRefSection, after base: Int, in document: PDFDocument) throws(PDFError) -> Bool {
        let source = document.source
        guard base > 0, base < source.count, section.offset >= base else { return false }
        if !document.wasRepaired {
            // The chain as read: exactly one section past the base, the newest.
            let sectionsAfterBase = document.xref.sectionOffsets.filter { $0 >= base }
            guard sectionsAfterBase == [section.offset] else { return false }
        }
        // Nothing after our `%%EOF`: the tail is `%%EOF` and at most a line end.
        let tail = try source.read(max(base, source.count - 8)..<source.count)
        let trimmed = tail.reversed().drop { $0 == 0x0A || $0 == 0x0D }
        guard Array(trimmed.prefix(5).reversed()) == Array("%%EOF".utf8) else { return false }
        let complete: Bool
        switch section.trailer["Prev"] {
        case nil, .integer(0)?:
            // A revision that lists every object: the other objects lie in the first `base` bytes.
            // (`/Prev 0` is what earlier versions wrote after a reconstruction.)
            complete = true
        case .integer(let previous)?:
            guard previous == (try FileFrame.locate(in: PrefixByteSource(source, length: base)).startxref) else { return false }
            complete = false
        default:
            return false
        }
        return try objectsStart(at: base, listedIn: section, complete: complete, source: source)
    }

    /// Whether the objects `section` lists from `base` on fill the bytes from `base` up to it,
    /// as the writer appends them (after at most a line end): each lies between `base` and the
    /// section, the first right at `base`, so no other tool's update lies in between. Unless the
    /// revision is `complete`, it lists no object before `base`.
    private static func objectsStart(at base: Int, listedIn section: XRefSection, complete: Bool, source: ByteSource) throws(PDFError) -> Bool {
        var first = section.offset
        var written = 0
        for entry in section.entries.values {
            switch entry {
            case .inUse(let offset, _) where offset >= base:
                guard offset <= section.offset else { return false }
                first = min(first, offset)
                written += 1
            case .free, .inUse, .compressed:
                guard complete else { return false }
            }
        }
        guard written > 0, written <= maxObjectsPerRevision else { return false }
        return try source.read(base..<first).allSatisfy(CharacterClass.isWhitespace)
    }

    /// The refusal for a file without a tagrules revision.
    private static func notOwn(_ document: PDFDocument) -> PDFError {
        PDFError(.notOwnRevision, "the last revision was not written by tagrules", path: document.path)
    }

    /// The refusal for a file whose tagrules revision another tool's update follows.
    private static func notLast(_ document: PDFDocument) -> PDFError {
        PDFError(.ownRevisionNotLast, "another tool updated the file after tagrules did; the tagrules revision is no longer the last", path: document.path)
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
    /// - Throws: `.notOwnRevision` or `.ownRevisionNotLast` when the last revision is not
    ///   tagrules'; else as `SafeFileWriter.stage(_:of:)`.
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
