import MetadataModel

/// An incremental update ready to append (ISO 32000-1 §7.5.6).
public struct PreparedUpdate: Sendable, Hashable {
    /// The bytes to append to the file.
    public var bytes: [UInt8]
    /// The file length the update was prepared for; appending elsewhere would corrupt the file.
    public var baseLength: Int
    /// What the writer could not do as asked (e.g. an XMP packet it could not update).
    public var diagnostics: [Diagnostic]
}

/// Builds the incremental update that changes Info values: a pure function of what was read,
/// the changes, the clock and the new file identifier (pdf-notes §1; pdf.js `writer.js`).
public enum IncrementalUpdateWriter {
    /// The trailer key marking a revision written by tagrules; its value is the file length
    /// before the revision, which is what `undo` truncates to.
    public static let markerKey: PDFName = "TagrulesBase"
    static let streamTrailerKeys: [PDFName] = ["Length", "Filter", "DecodeParms", "DL", "F", "FFilter", "FDecodeParms", "W", "Index", "Type"]

    /// Prepares the update that gives Info the `changes` (key → text; nil or "" removes the key).
    ///
    /// - Parameters:
    ///   - now: the instant written to /ModDate, xmp:ModifyDate and xmp:MetadataDate.
    ///   - newFileID: 16 bytes for the new /ID[1].
    /// - Returns: nil when every value already reads as asked (nothing to write).
    /// - Throws: when the document must not be written (`checkWritable`).
    public static func prepare(
        document: PDFDocument,
        changes: [String: String?],
        now: PDFDate,
        newFileID: [UInt8],
        options: WriteOptions = .init()
    ) throws(PDFError) -> PreparedUpdate? {
        try prepare(
            basis: UpdateBasis(document: document, options: options), source: document.source, changes: changes,
            now: now, newFileID: newFileID)
    }

    /// Prepares the update that gives Info the `changes`, from what `basis` saved of the
    /// document; `source` is the very version of the file it was read from (for a file,
    /// ``UpdateBasis/describes(_:)`` holds), from which only the XMP packet is read.
    ///
    /// - Returns: nil when every value already reads as asked (nothing to write).
    /// - Throws: ``UpdateBasis/refusal`` when the document must not be written.
    public static func prepare(
        basis: UpdateBasis,
        source: ByteSource,
        changes: [String: String?],
        now: PDFDate,
        newFileID: [UInt8]
    ) throws(PDFError) -> PreparedUpdate? {
        if let refusal = basis.refusal { throw refusal }
        guard let facts = basis.facts else { preconditionFailure("a basis without a refusal has its facts") }
        guard var dictionary = try newInfo(facts.info, changes: changes) else { return nil }
        dictionary["ModDate"] = .string(Array(now.pdfString.utf8))

        var diagnostics: [Diagnostic] = []
        let metadata = basis.metadataStream(in: source)
        // New objects take fresh numbers that no object this update writes already has.
        var taken = Set([facts.info.ref?.number, metadata?.ref.number].compactMap { $0 })
        var fresh = facts.freshNumbers.makeIterator()
        func allocate() -> ObjectRef {
            while let number = fresh.next() {
                if taken.insert(number).inserted { return ObjectRef(number, 0) }
            }
            preconditionFailure("NewObjectNumbers gives more numbers than an update writes objects")
        }
        // An Info object that the catalog also uses (PyPDF2 has shared it with /AcroForm) is not
        // overwritten: the other use keeps its dictionary and Info gets an object of its own.
        let infoRef = facts.infoSharedWithCatalog ? allocate() : facts.info.ref ?? allocate()
        var body = UpdateBody(baseLength: facts.length, headerOffset: facts.headerOffset)
        if !facts.endsWithLineEnd {
            body.bytes.append(0x0A)  // pdf-notes §1.2
        }
        if let security = facts.security {
            // New strings are encrypted with the key of the object they are written under (pdf-notes §4.4).
            let encrypted = try dictionary.mappingStrings { bytes throws(PDFError) in try security.encryptString(bytes, in: infoRef) }
            body.append(object: infoRef, dictionary: encrypted, hexStrings: true)
        } else {
            body.append(object: infoRef, dictionary: dictionary)
        }

        if let metadata {
            do {
                var packet = try XMPUpdater.update(metadata.packet, with: xmpChange(for: dictionary, now: now))
                if let security = facts.security {
                    packet = try security.encryptStream(packet, in: metadata.ref, isMetadata: true)
                }
                body.append(stream: metadata.ref, dictionary: PDFDictionary([("Type", .name("Metadata")), ("Subtype", .name("XML"))]), data: packet)
            } catch {
                diagnostics.append(Diagnostic(
                    severity: .warning, code: .xmpNotUpdated,
                    message: "the XMP packet could not be updated (\(error.message)); Info was written, XMP left as it was"))
            }
        }

        var trailer = facts.trailer
        for key: PDFName in ["Prev", "XRefStm", markerKey] { trailer[key] = nil }
        if facts.trailerForm == .stream {
            for key in streamTrailerKeys { trailer[key] = nil }
        }
        trailer["Info"] = .reference(infoRef)
        // After a reconstruction the update lists every object found and points at no damaged
        // section; otherwise it continues the chain (pdf-notes §1.8).
        if facts.foundObjects == nil { trailer["Prev"] = .integer(facts.startxref) }
        // An encrypted file's /ID[0] is part of its key: kept; one without /ID gets none (pdf-notes §1.9).
        if facts.security == nil || facts.previousID.arrayValue != nil {
            trailer["ID"] = .array(fileIdentifier(previous: facts.previousID, new: newFileID))
        }
        trailer[markerKey] = .integer(facts.length)

        let carried = facts.foundObjects ?? [:]
        let carriesCompressed = carried.values.contains { if case .compressed = $0 { true } else { false } }
        let form = facts.foundObjects == nil ? facts.sectionForm : carriesCompressed ? .stream : .table
        let xrefRef = form == .stream ? allocate() : nil
        // /Size is one more than the highest object number in the file after the update.
        let written = [infoRef.number, metadata?.ref.number, xrefRef?.number].compactMap { $0 }
        trailer["Size"] = .integer(max(facts.highestNumber, written.max() ?? 0) + 1)
        if let xrefRef {
            body.appendStreamSection(ref: xrefRef, trailer: trailer, carrying: carried)
        } else {
            body.appendTableSection(trailer: trailer, carrying: carried)
        }
        return PreparedUpdate(bytes: body.bytes, baseLength: facts.length, diagnostics: diagnostics)
    }

    /// The new Info dictionary, or nil when no value would change. Existing keys (custom ones too)
    /// are kept in order with their resolved values (pdf-notes §1.10).
    static func newInfo(_ info: DocumentInfo, changes: [String: String?]) throws(PDFError) -> PDFDictionary? {
        var dictionary = PDFDictionary(info.entries.map { ($0.key, $0.value) })
        var changed = false
        for (key, requested) in changes.sorted(by: { $0.key < $1.key }) {
            let target = requested.flatMap { $0.isEmpty ? nil : $0 }
            guard info[key] != target || (target == nil && dictionary[PDFName(key)] != nil) else { continue }
            changed = true
            dictionary[PDFName(key)] = target.map { .string(ObjectSerializer.textStringBytes($0)) }
            if key == "Keywords", dictionary["AAPL:Keywords"] != nil {
                // Apple's array of keywords follows /Keywords (pdf-notes §5).
                dictionary["AAPL:Keywords"] = target.map { text in
                    .array(CommaList.split(text).map { .string(ObjectSerializer.textStringBytes($0)) })
                }
            }
        }
        return changed ? dictionary : nil
    }

    private static func xmpChange(for dictionary: PDFDictionary, now: PDFDate) -> XMPChange {
        func text(_ key: PDFName) -> String? {
            dictionary[key]?.stringBytes.map(PDFTextString.decode)
        }
        let date = now.xmpString
        return XMPChange(
            title: text("Title"),
            creators: text("Author").map(CommaList.split) ?? [],
            description: text("Subject"),
            keywords: text("Keywords"),
            modifyDate: date,
            metadataDate: date
        )
    }

    /// /ID (pdf-notes §1.9): ID[0] kept byte for byte, ID[1] new; a file without /ID gets both new.
    private static func fileIdentifier(previous: PDFObject, new: [UInt8]) -> [PDFObject] {
        if let items = previous.arrayValue, items.count == 2, let first = items[0].stringBytes {
            return [.string(first), .string(new)]
        }
        return [.string(new), .string(new)]
    }
}
