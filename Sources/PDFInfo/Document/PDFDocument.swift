import MetadataModel

/// A PDF opened for reading its document-level metadata: the tail and every xref section are
/// read and checked when it is opened (`XRefChainReader`), so that its damage is known before
/// anything else is read; of the objects, only those asked for.
///
/// Not thread-safe: one document is used by one thread at a time (it caches objects).
public final class PDFDocument {
    /// The file's path, when opened from a file.
    public let path: String?
    /// The bytes behind the document.
    public let source: ByteSource
    /// Offset of `%PDF-` (0 when absent); file offsets in the xref count from here (pdf-notes §2.1).
    public let headerOffset: Int
    /// The header's version, e.g. "1.7".
    public let headerVersion: String?
    /// True when the xref data was unusable and objects were found by scanning the file.
    public private(set) var wasRepaired = false
    /// The damage that made the reader rebuild the cross-reference data, when it did.
    public private(set) var repairReason: PDFError?
    /// Damage tolerated while reading.
    public private(set) var diagnostics: [Diagnostic] = []

    /// The cross-reference data: as read and checked (`XRefChainReader`), or rebuilt by a scan.
    var xref: CrossReference
    /// Decrypts strings and streams of an encrypted file; nil when not encrypted or not opened.
    var security: SecurityHandler?
    /// Why an encrypted file could not be opened (a password is needed, or an unsupported handler).
    var securityError: PDFError?
    /// The /Encrypt dictionary's object, whose strings are never encrypted.
    var encryptRef: ObjectRef?
    /// Objects read, by number: a document's reader needs a handful (catalog, page tree root,
    /// Info, their /Length).
    private var cache: [Int: IndirectValue] = [:]
    private var objectStreams: [Int: ObjectStreamContents] = [:]
    /// The catalog `catalog` found; nil until then.
    private var foundCatalog: PDFDictionary?
    /// The objects being read: an object, an indirect /Length it needs, the object stream it
    /// is in; a handful at most, so an array.
    private var resolving: [Int] = []
    static let maxCachedObjects = 4096

    /// Opens the PDF at `path`.
    /// - Parameters:
    ///   - password: for encrypted files that need one (user or owner password); the empty
    ///     password is tried otherwise.
    /// - Throws: `PDFError` naming the file: unreadable, not a PDF, or no usable structure.
    public static func open(path: String, password: String? = nil) throws(PDFError) -> PDFDocument {
        do {
            let source = try FileByteSource(path: path)
            return try PDFDocument(source: source, path: path, password: password)
        } catch {
            throw error.path == nil ? error.inFile(path) : error
        }
    }

    /// Reads the structure of `source`: header, startxref, the xref chain (or a reconstruction),
    /// and, for an encrypted file, the security handler.
    public init(source: ByteSource, path: String? = nil, password: String? = nil) throws(PDFError) {
        self.path = path
        self.source = source
        guard source.count > 0 else { throw PDFError(.emptyFile, "file is empty", path: path) }
        let frame = try FileFrame.locate(in: source)
        headerOffset = frame.headerOffset
        headerVersion = frame.version
        xref = CrossReference()
        var chainError: PDFError?
        if let startxref = frame.startxref {
            do {
                xref = try XRefChainReader.read(source: source, headerOffset: headerOffset, startxref: startxref)
            } catch {
                chainError = error
            }
        } else {
            chainError = PDFError(.unreadableXref, "no startxref in the last \(FileFrame.tailSearchLength) bytes")
        }
        if let chainError {
            let worthScanning = try frame.hasHeader || frame.startxref != nil ? true : Self.hasObjectNearStart(source)
            guard worthScanning else {
                throw PDFError(.notAPDF, "not a PDF (no %PDF- header, no startxref, no objects)", path: path)
            }
            try repair(reason: chainError)
        } else {
            try setUpSecurity(password: password)
            if try !rootIsUsable(), !wasRepaired {
                try repair(reason: PDFError(.noCatalog, "trailer /Root does not lead to a catalog"))
            }
            if !wasRepaired { try checkReachableObjects() }
        }
        if wasRepaired { try setUpSecurity(password: password) }
        if !frame.hasHeader {
            diagnostics.append(Diagnostic(severity: .warning, code: .noHeader, message: "no %PDF- header in the first 1024 bytes"))
        }
        guard catalog != nil else {
            if !frame.hasHeader { throw PDFError(.notAPDF, "not a PDF (no %PDF- header and no document catalog)", path: path) }
            throw PDFError(.noCatalog, "no document catalog found, even by scanning the file", path: path)
        }
    }

    /// The effective trailer: the newest section's dictionary (pdf-notes §2.4).
    public var trailer: PDFDictionary { xref.trailer }

    /// The form of the newest xref section.
    public var newestXRefForm: XRefForm { xref.newestForm }

    /// The document catalog (trailer /Root), or nil when it is missing.
    ///
    /// Kept once found: the page count, the outline and the signature checks each start from
    /// it. Forgotten with the other caches, when the xref is rebuilt or decryption set up.
    public var catalog: PDFDictionary? {
        if let foundCatalog { return foundCatalog }
        let found = try? resolve(trailer["Root"]).dictionaryValue
        foundCatalog = found
        return found
    }

    /// Resolves an indirect object. Free, missing and unreadable objects are nil.
    public func object(_ ref: ObjectRef) throws(PDFError) -> IndirectValue? {
        if let cached = cache[ref.number] { return cached }
        guard let entry = xref.entry(ref.number) else { return nil }
        guard !resolving.contains(ref.number) else {
            throw PDFError(.malformed, "object \(ref) refers to itself while being read")
        }
        resolving.append(ref.number)
        defer { stopResolving(ref.number) }
        let value: IndirectValue?
        switch entry {
        case .free:
            value = nil
        case .inUse(let offset, let generation):
            do {
                // Strings of uncompressed objects are encrypted with their own key (§7.6.2).
                value = try decrypted(readObject(ObjectRef(ref.number, generation), at: offset), ref: ObjectRef(ref.number, generation))
            } catch {
                // pdf-notes §2.8: a wrong offset means the xref cannot be trusted; rebuild it once.
                guard !wasRepaired else {
                    diagnostics.append(Diagnostic(severity: .warning, code: .unreadableObject, message: error.message, location: Diagnostic.Location(offset: offset)))
                    return nil
                }
                stopResolving(ref.number)
                try repair(reason: error)
                return try self.object(ref)
            }
        case .compressed(let stream, let index):
            value = try compressedObject(number: ref.number, stream: stream, index: index).map(IndirectValue.object)
        }
        if let value {
            if cache.count >= Self.maxCachedObjects { cache.removeAll() }
            cache[ref.number] = value
        }
        return value
    }

    /// Follows references until a direct object; missing objects and reference cycles give `.null`.
    public func resolve(_ object: PDFObject?) throws(PDFError) -> PDFObject {
        var current = object ?? .null
        var hops = 0
        while case .reference(let ref) = current, hops < 32 {
            // The object taken out of the value `object(_:)` returns, not copied out of it.
            switch try self.object(ref) {
            case .object(let direct)?: current = direct
            default: current = .null
            }
            hops += 1
        }
        return current
    }

    /// Decoded stream data (ISO 32000-1 §7.4), decrypted first in an encrypted file, capped at `maxOutput` bytes.
    public func decodedData(of stream: PDFStream, maxOutput: Int = 64 * 1024 * 1024) throws(PDFError) -> [UInt8] {
        try StreamDecoder.decodedData(of: stream, source: source, maxOutput: maxOutput, decrypt: streamDecryption(for: stream))
    }

    /// Takes `number` off the objects being read (a no-op when it is not on it).
    private func stopResolving(_ number: Int) {
        if let index = resolving.lastIndex(of: number) { resolving.remove(at: index) }
    }

    func clearCaches() {
        cache.removeAll()
        objectStreams.removeAll()
        foundCatalog = nil
    }

    private func readObject(_ ref: ObjectRef, at offset: Int) throws(PDFError) -> IndirectValue {
        let parsed: (ref: ObjectRef, value: IndirectValue)
        do {
            parsed = try IndirectObjectParser.parse(source: source, at: offset) { lengthRef throws(PDFError) in
                try self.resolve(.reference(lengthRef)).integerValue
            }
        } catch {
            throw PDFError(error.code, "object \(ref.number) \(ref.generation) cannot be read: \(error.message)", offset: error.offset)
        }
        guard parsed.ref == ref else {
            throw PDFError(.malformed, "the xref entry for object \(ref.number) \(ref.generation) points at object \(parsed.ref.number) \(parsed.ref.generation)", offset: offset)
        }
        return parsed.value
    }

    private func compressedObject(number: Int, stream: Int, index: Int) throws(PDFError) -> PDFObject? {
        let contents: ObjectStreamContents
        if let cached = objectStreams[stream] {
            contents = cached
        } else {
            guard case .stream(let container)? = try object(ObjectRef(stream)) else { return nil }
            contents = try ObjectStreamContents(stream: container, document: self, number: stream)
            objectStreams[stream] = contents
        }
        return try contents.object(number: number, index: index)
    }

    /// Whether `N G obj` appears in the first 64 KiB: a headerless file worth scanning.
    private static func hasObjectNearStart(_ source: ByteSource) throws(PDFError) -> Bool {
        let head = try source.read(0..<(64 * 1024))
        var from = 0
        while let found = ByteSearch.firstIndex(of: Array(" obj".utf8), in: head, from: from) {
            if found > 0, CharacterClass.isDigit(head[found - 1]) { return true }
            from = found + 1
        }
        return false
    }

    /// Whether the trailer's /Root resolves to a dictionary, which is then kept as the catalog
    /// (unless reading it repaired the file: the trailer it came from is gone).
    private func rootIsUsable() throws(PDFError) -> Bool {
        let wasRepairedBefore = wasRepaired
        guard let found = (try? resolve(trailer["Root"]))?.dictionaryValue else { return false }
        if wasRepaired == wasRepairedBefore { foundCatalog = found }
        return true
    }

    /// Replaces the xref data by a scan of the whole file and flags the document as repaired.
    private func repair(reason: PDFError) throws(PDFError) {
        wasRepaired = true
        clearCaches()
        repairReason = reason
        diagnostics.append(Diagnostic(
            severity: .warning, code: .xrefReconstructed,
            message: "cross-reference data damaged (\(reason.message)); objects found by scanning the file",
            location: Diagnostic.Location(offset: reason.offset)))
        xref = try XRefReconstructor.reconstruct(source: source, headerOffset: headerOffset) { [unowned self] number, offset in
            guard let parsed = try? IndirectObjectParser.parse(source: self.source, at: offset, resolveLength: { _ throws(PDFError) in nil }),
                  case .stream(let container) = parsed.value,
                  container.dictionary["Type"]?.nameValue == "ObjStm",
                  let contents = try? ObjectStreamContents(stream: container, document: self, number: number) else { return nil }
            self.objectStreams[number] = contents
            return contents.memberNumbers
        }
        // A trailer whose /Root is damaged: use the last object that looks like a catalog (qpdf does).
        for candidate in xref.catalogCandidates where try !rootIsUsable() {
            xref.trailer["Root"] = .reference(candidate)
        }
    }
}
