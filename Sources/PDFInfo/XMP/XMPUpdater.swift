import MetadataModel

/// The values the updater writes into an XMP packet, already in XMP form (pdf-notes §5).
/// Nil or empty values remove the property. Characters XML 1.0 cannot carry (C0 controls
/// other than tab, LF and CR; U+FFFE, U+FFFF) are dropped; the rest is escaped.
struct XMPChange: Sendable, Hashable {
    /// dc:title, written as an rdf:Alt with a single x-default item.
    var title: String?
    /// dc:creator, written as an rdf:Seq with one item per name; empty names are left out.
    var creators: [String]
    /// dc:description, written as an rdf:Alt with a single x-default item.
    var description: String?
    /// pdf:Keywords (text); also dc:subject (rdf:Bag of the comma-separated, trimmed
    /// keywords) when the packet already has dc:subject.
    var keywords: String?
    /// xmp:ModifyDate, e.g. ``PDFDate/xmpString``.
    var modifyDate: String
    /// xmp:MetadataDate.
    var metadataDate: String
}

/// Edits an XMP packet in place (pdf-notes §5; XMP Part 1 §7): every byte outside the
/// properties it changes stays as it was, including unknown properties, other namespaces
/// (pdfaid, extension schemas), comments, the `<?xpacket … ?>` wrapper and the padding.
///
/// Placement rules:
/// - A property already present in element form is replaced in place, under its existing
///   prefix, following the indentation around it (one line when the old one was one line).
/// - A simple property (pdf:Keywords, the dates) present in attribute form on
///   `rdf:Description` gets its attribute value replaced in place. An array property found as an
///   attribute (invalid XMP) is removed and written again in element form.
/// - A missing property is added in element form to the first `rdf:Description` that already
///   uses its namespace, else to the first one, under the canonical prefix (dc, xmp, pdf),
///   declaring the namespace on that description when it is not bound yet. Without any
///   `rdf:Description`, a new one is added to `rdf:RDF`.
/// - Further occurrences of a property (duplicates) are removed, with the white space before them.
enum XMPUpdater {
    /// Returns the packet with `change` applied, in UTF-8 (a UTF-16 packet is transcoded and
    /// the encoding named by an XML declaration, if any, becomes UTF-8).
    ///
    /// The result is read back with ``XMPMetadata/parse(_:)`` before it is returned.
    ///
    /// - Throws: `.malformed` when the packet is not well-formed enough to edit (no `rdf:RDF`,
    ///   broken XML) or the result would not read back as written; `.limitExceeded` when it
    ///   nests too deeply.
    static func update(_ packet: [UInt8], with change: XMPChange) throws(PDFError) -> [UInt8] {
        let document = try XMPMetadata.tree(of: packet)
        guard let rdf = XMPMetadata.rdfElement(in: document) else {
            throw PDFError(.malformed, "xmp packet has no rdf:RDF element to update")
        }
        var editor = Editor(document: document, rdf: rdf)
        let keepingSubject = editor.hasProperty(XMPMetadata.dcNamespace, "subject")
        let properties = properties(for: change, keepingSubject: keepingSubject)
        for property in properties {
            editor.apply(property)
        }
        let output = try editor.output()

        func written(_ localName: String) -> [String]? {
            properties.first { $0.localName == localName }?.value?.texts
        }
        // Every property but these two is written (or, dc:subject, absent and left absent).
        var expected = XMPMetadata.properties(in: editor.descriptions, only: [.createDate, .producer])
        expected.title = written("title")?.first
        expected.creators = written("creator") ?? []
        expected.description = written("description")?.first
        if keepingSubject { expected.subjects = written("subject") ?? [] }
        expected.keywords = written("Keywords")?.first
        expected.modifyDate = written("ModifyDate")?.first
        expected.metadataDate = written("MetadataDate")?.first
        guard (try? XMPMetadata.parse(output)) == expected else {
            throw PDFError(.malformed, "xmp packet could not be updated so that it reads back as written")
        }
        return output
    }

    /// One property the updater sets or removes.
    struct Property {
        /// The namespace URI.
        let namespace: String
        let canonicalPrefix: String
        let localName: String
        /// Nil removes the property.
        let value: Value?
    }

    /// A property value in the form it is written.
    enum Value {
        case text(String)
        /// rdf:Alt with one x-default item.
        case alternative(String)
        /// rdf:Seq.
        case sequence([String])
        /// rdf:Bag.
        case bag([String])

        var texts: [String] {
            switch self {
            case .text(let text), .alternative(let text): [text]
            case .sequence(let items), .bag(let items): items
            }
        }
    }

    /// The properties to write, in the order they are added to a description.
    private static func properties(for change: XMPChange, keepingSubject: Bool) -> [Property] {
        func text(_ value: String?) -> String? {
            value.map(XMLEscaping.representable).flatMap { $0.isEmpty ? nil : $0 }
        }
        func list(_ values: [String]) -> [String]? {
            let items = values.compactMap(text)
            return items.isEmpty ? nil : items
        }
        let (dc, pdf, xmp) = (XMPMetadata.dcNamespace, XMPMetadata.pdfNamespace, XMPMetadata.xmpNamespace)
        var properties = [
            Property(
                namespace: dc, canonicalPrefix: "dc", localName: "title",
                value: text(change.title).map { .alternative($0) }),
            Property(
                namespace: dc, canonicalPrefix: "dc", localName: "creator",
                value: list(change.creators).map { .sequence($0) }),
            Property(
                namespace: dc, canonicalPrefix: "dc", localName: "description",
                value: text(change.description).map { .alternative($0) }),
        ]
        if keepingSubject {
            let subjects = CommaList.split(change.keywords ?? "")
            properties.append(
                Property(
                    namespace: dc, canonicalPrefix: "dc", localName: "subject",
                    value: list(subjects).map { .bag($0) }))
        }
        properties += [
            Property(
                namespace: pdf, canonicalPrefix: "pdf", localName: "Keywords",
                value: text(change.keywords).map { .text($0) }),
            Property(
                namespace: xmp, canonicalPrefix: "xmp", localName: "ModifyDate",
                value: text(change.modifyDate).map { .text($0) }),
            Property(
                namespace: xmp, canonicalPrefix: "xmp", localName: "MetadataDate",
                value: text(change.metadataDate).map { .text($0) }),
        ]
        return properties
    }
}
