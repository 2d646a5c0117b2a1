/// Everything `IncrementalUpdateWriter.prepare` reads of a document, gathered in the order it
/// reads it, so that an update can be prepared after the document is gone: a caller that reads
/// many files first and writes some of them later keeps the basis instead of parsing each file
/// again. The basis belongs to one version of the file, named by its stamp; pair it only with a
/// source whose stamp is the same (``describes(_:)``).
///
/// The writer's own path (``IncrementalUpdateWriter/prepare(document:changes:now:newFileID:options:)``)
/// goes through a basis too, so the two cannot disagree. A class, immutable: a scan keeps one
/// per score beside the score's other facts, which then copy a reference instead of every fact.
public final class UpdateBasis: Sendable {
    /// The file's path, when read from a file.
    let path: String?
    /// The version of the file the facts were read from; nil when not read from a file.
    let stamp: FileStamp?
    /// Why the document must not be written with the options given (``PDFDocument/checkWritable(_:)``);
    /// when set, no other fact was gathered, as `prepare` stops there.
    public let refusal: PDFError?
    /// Whether the document had been rebuilt from a scan of the file by the time the facts were
    /// gathered: another reader of the same file, reading less of it, might not have needed to.
    public let wasRepaired: Bool
    /// The facts, when the document may be written.
    let facts: Facts?

    struct Facts: Sendable {
        /// The Info dictionary as read (pdf-notes §1.10).
        var info: DocumentInfo
        /// Numbers the update may give new objects, in order (``NewObjectNumbers``).
        var freshNumbers: [Int]
        /// The highest object number the file lists (its /Size should be one more).
        var highestNumber: Int
        /// After a reconstruction (`--force`): every object found, with header-relative offsets,
        /// for an update that lists them all instead of pointing at the damaged sections.
        var foundObjects: [Int: XRefEntry]?
        /// Whether the catalog uses the Info object too (PyPDF2 has shared it with /AcroForm).
        var infoSharedWithCatalog: Bool
        /// The file length and the header's offset (pdf-notes §1.4).
        var length: Int
        var headerOffset: Int
        /// Whether the last byte is a line end (pdf-notes §1.2).
        var endsWithLineEnd: Bool
        var security: SecurityHandler?
        /// The catalog's /Metadata stream, decoded only when an update is prepared.
        var metadata: (ref: ObjectRef, stream: PDFStream)?
        var trailer: PDFDictionary
        var startxref: Int
        /// The newest section's form before and after /ID is resolved, which can rebuild a
        /// damaged xref: the writer has always read it at both points.
        var trailerForm: XRefForm
        var sectionForm: XRefForm
        /// The trailer's /ID, resolved.
        var previousID: PDFObject
    }

    /// Gathers the basis for writing `document` with `options`.
    /// - Throws: what reading the facts throws (a refusal is kept in ``refusal`` instead).
    public init(document: PDFDocument, options: WriteOptions = .init()) throws(PDFError) {
        path = document.path
        stamp = (document.source as? FileByteSource).map { FileStamp($0.status) }
        do {
            try document.checkWritable(options)
        } catch {
            refusal = error
            wasRepaired = document.wasRepaired
            facts = nil
            return
        }
        refusal = nil
        let info = try document.info()
        let freshNumbers = NewObjectNumbers.fresh(for: document.xref, fileLength: document.source.count)
        let shared = info.ref.map { ref in document.catalog?.entries.contains { $0.value == .reference(ref) } ?? false } ?? false
        let length = document.source.count
        let last = try document.source.read((length - 1)..<length).last
        let metadata = try? Self.metadata(of: document)
        let trailer = document.trailer
        let trailerForm = document.newestXRefForm
        let startxref = document.xref.startxref
        let previousID = try document.resolve(document.trailer["ID"])
        let foundObjects = document.wasRepaired ? Self.headerRelative(document.xref.entries, headerOffset: document.headerOffset) : nil
        facts = Facts(
            info: info, freshNumbers: freshNumbers, highestNumber: document.xref.highestNumber, foundObjects: foundObjects,
            infoSharedWithCatalog: shared, length: length,
            headerOffset: document.headerOffset, endsWithLineEnd: last.map { $0 == 0x0A || $0 == 0x0D } ?? true,
            security: document.security, metadata: metadata, trailer: trailer, startxref: startxref,
            trailerForm: trailerForm, sectionForm: document.newestXRefForm, previousID: previousID)
        wasRepaired = document.wasRepaired
    }

    /// `entries` with offsets counted from the header, as an xref section lists them.
    private static func headerRelative(_ entries: [Int: XRefEntry], headerOffset: Int) -> [Int: XRefEntry] {
        entries.mapValues { entry in
            guard case .inUse(let offset, let generation) = entry else { return entry }
            return .inUse(offset: offset - headerOffset, generation: generation)
        }
    }

    /// The Info dictionary the basis was read with; nil when the document was refused.
    public var info: DocumentInfo? { facts?.info }

    /// Whether `source` is the very version of the file the basis was read from (same file,
    /// same size, modification and status-change times), so that the basis holds for it.
    public func describes(_ source: FileByteSource) -> Bool {
        stamp == FileStamp(source.status)
    }

    /// The catalog's metadata stream as `PDFDocument.metadataStream` finds it, not yet decoded.
    private static func metadata(of document: PDFDocument) throws(PDFError) -> (ref: ObjectRef, stream: PDFStream)? {
        guard document.securityError == nil, let ref = document.catalog?["Metadata"]?.referenceValue,
            case .stream(let stream)? = try document.object(ref)
        else { return nil }
        return (ref, stream)
    }

    /// The decoded metadata packet, read from `source` (`PDFDocument.metadataStream`); nil
    /// when there is none or it cannot be decoded.
    func metadataStream(in source: ByteSource) -> MetadataStream? {
        guard let facts, let (ref, stream) = facts.metadata else { return nil }
        let decrypt = PDFDocument.streamDecryption(for: stream, security: facts.security)
        guard let packet = try? StreamDecoder.decodedData(of: stream, source: source, maxOutput: PDFDocument.maxXMPSize, decrypt: decrypt)
        else { return nil }
        return MetadataStream(ref: ref, packet: packet)
    }
}
