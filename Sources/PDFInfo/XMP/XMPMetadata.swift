/// The document properties of an XMP packet that mirror the Info dictionary
/// (ISO 32000-1 §14.3.2; XMP Part 1 §7–8; mapping in pdf-notes §5).
///
/// Empty values count as absent: an empty dc:title is nil, empty rdf:li items are left out.
public struct XMPMetadata: Sendable, Hashable {
    /// dc:title: the x-default alternative, else the first.
    public var title: String?
    /// dc:creator: the items of the rdf:Seq (or Bag), in order.
    public var creators: [String]
    /// dc:description: the x-default alternative, else the first.
    public var description: String?
    /// dc:subject: the items of the rdf:Bag.
    public var subjects: [String]
    /// pdf:Keywords.
    public var keywords: String?
    /// xmp:CreateDate, as written (see ``PDFDate/init(xmpString:)``).
    public var createDate: String?
    /// xmp:ModifyDate, as written.
    public var modifyDate: String?
    /// xmp:MetadataDate, as written.
    public var metadataDate: String?
    /// pdf:Producer.
    public var producer: String?

    /// Creates metadata; every property defaults to absent.
    public init(
        title: String? = nil, creators: [String] = [], description: String? = nil,
        subjects: [String] = [], keywords: String? = nil, createDate: String? = nil,
        modifyDate: String? = nil, metadataDate: String? = nil, producer: String? = nil
    ) {
        self.title = title
        self.creators = creators
        self.description = description
        self.subjects = subjects
        self.keywords = keywords
        self.createDate = createDate
        self.modifyDate = modifyDate
        self.metadataDate = metadataDate
        self.producer = producer
    }

    static let rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let dcNamespace = "http://purl.org/dc/elements/1.1/"
    static let xmpNamespace = "http://ns.adobe.com/xap/1.0/"
    static let pdfNamespace = "http://ns.adobe.com/pdf/1.3/"

    /// Reads the properties from an XMP packet (the bytes of the /Metadata stream).
    ///
    /// Properties are matched by namespace URI under any prefix, in element form and in
    /// attribute form on `rdf:Description`, across all `rdf:Description` elements of the
    /// `rdf:RDF` element; the first occurrence wins. UTF-8 and UTF-16 packets are read.
    /// A packet without `rdf:RDF` has no properties.
    ///
    /// - Throws: `.malformed` (with the offset in the UTF-8 packet) when the XML is broken;
    ///   `.limitExceeded` when it nests too deeply.
    public static func parse(_ packet: [UInt8]) throws(PDFError) -> XMPMetadata {
        properties(of: try XMLDocument(utf8: utf8Packet(packet)))
    }

    /// The properties of an already parsed packet (see ``parse(_:)``); with `only`, just those
    /// (the others are left absent).
    static func properties(of document: XMLDocument, only wanted: [InfoProperty]? = nil) -> XMPMetadata {
        properties(in: descriptions(in: document), of: document, only: wanted)
    }

    /// The properties in `descriptions`, the `rdf:Description` elements of `document` (see
    /// ``properties(of:only:)``), for a caller that has found them already.
    static func properties(
        in descriptions: [XMLElement], of document: XMLDocument, only wanted: [InfoProperty]? = nil
    ) -> XMPMetadata {
        var values = [XMLValue?](repeating: nil, count: InfoProperty.allCases.count)
        for description in descriptions {
            for attribute in description.attributes where !attribute.isNamespaceDeclaration {
                guard let property = InfoProperty(attribute.namespace, attribute.name, in: document.bytes),
                    values[property.rawValue] == nil, wanted?.contains(property) ?? true
                else { continue }
                values[property.rawValue] = .text(document.value(of: attribute))
            }
            for element in description.elements {
                guard let property = InfoProperty(element.namespace, element.name, in: document.bytes),
                    values[property.rawValue] == nil, wanted?.contains(property) ?? true
                else { continue }
                values[property.rawValue] = XMLValue(element, in: document)
            }
        }
        func value(_ property: InfoProperty) -> XMLValue? { values[property.rawValue] }
        return XMPMetadata(
            title: value(.title)?.alternative,
            creators: value(.creator)?.items ?? [],
            description: value(.description)?.alternative,
            subjects: value(.subject)?.items ?? [],
            keywords: value(.keywords)?.simple,
            createDate: value(.createDate)?.simple,
            modifyDate: value(.modifyDate)?.simple,
            metadataDate: value(.metadataDate)?.simple,
            producer: value(.producer)?.simple)
    }

    /// The `rdf:RDF` element: the root or, breadth first, the first one inside it
    /// (normally the child of `x:xmpmeta`).
    static func rdfElement(in document: XMLDocument) -> XMLElement? {
        var queue = [document.root]
        var next = 0
        while next < queue.count {
            let element = queue[next]
            next += 1
            if element.is(.rdf, "RDF", in: document.bytes) { return element }
            queue += element.elements
        }
        return nil
    }

    /// The `rdf:Description` children of the `rdf:RDF` element, in document order.
    static func descriptions(in document: XMLDocument) -> [XMLElement] {
        rdfElement(in: document).map { descriptions(of: $0, in: document) } ?? []
    }

    /// The `rdf:Description` children of `rdf`, the `rdf:RDF` element of `document`.
    static func descriptions(of rdf: XMLElement, in document: XMLDocument) -> [XMLElement] {
        rdf.elements.filter { $0.is(.rdf, "Description", in: document.bytes) }
    }

    /// The properties read into ``XMPMetadata``, by namespace and local name.
    enum InfoProperty: Int, CaseIterable {
        case title, creator, description, subject, keywords, createDate, modifyDate, metadataDate, producer

        /// The property named `name` in `namespace`, if it is one of these.
        init?(_ namespace: XMLNamespace?, _ name: XMLName, in bytes: [UInt8]) {
            // A loop over the raw values and two switches: no table to load, and the local
            // name's length rules most candidates out before a byte is compared.
            guard let namespace else { return nil }
            var rawValue = 0
            while let property = Self(rawValue: rawValue) {
                if property.namespace == namespace && name.hasLocalName(property.localName, in: bytes) {
                    self = property
                    return
                }
                rawValue += 1
            }
            return nil
        }

        /// The namespace the property is in.
        private var namespace: XMLNamespace {
            switch self {
            case .title, .creator, .description, .subject: .dc
            case .keywords, .producer: .pdf
            case .createDate, .modifyDate, .metadataDate: .xmp
            }
        }

        /// The property's name in its namespace.
        private var localName: StaticString {
            switch self {
            case .title: "title"
            case .creator: "creator"
            case .description: "description"
            case .subject: "subject"
            case .keywords: "Keywords"
            case .producer: "Producer"
            case .createDate: "CreateDate"
            case .modifyDate: "ModifyDate"
            case .metadataDate: "MetadataDate"
            }
        }
    }

    /// A property value in one of the forms XMP uses (XMP Part 1 §7.5–7.7).
    enum XMLValue {
        case text(String)
        /// rdf:Alt, rdf:Seq or rdf:Bag items: (xml:lang, text).
        case array([(language: String?, text: String)])
        /// A structure, a resource reference or anything else not read here.
        case other

        init(_ element: XMLElement, in document: XMLDocument) {
            let bytes = document.bytes
            let children = element.elements
            if children.isEmpty {
                let isResource = element.attribute(.rdf, "resource", in: bytes) != nil
                self = isResource ? .other : .text(document.text(of: element))
                return
            }
            guard children.count == 1, let container = children.first,
                container.is(.rdf, "Alt", in: bytes) || container.is(.rdf, "Seq", in: bytes)
                    || container.is(.rdf, "Bag", in: bytes)
            else {
                self = .other
                return
            }
            let items = container.elements.filter { $0.is(.rdf, "li", in: bytes) && $0.elements.isEmpty }
            self = .array(
                items.map { ($0.attribute(.xml, "lang", in: bytes).map(document.value(of:)), document.text(of: $0)) })
        }

        /// A simple value; array items joined with ", " (some writers put pdf:Keywords in a Bag).
        var simple: String? {
            switch self {
            case .text(let text): text.isEmpty ? nil : text
            case .array: items.isEmpty ? nil : items.joined(separator: ", ")
            case .other: nil
            }
        }

        /// A language alternative: the x-default item, else the first; a simple value as is.
        var alternative: String? {
            guard case .array(let items) = self else { return simple }
            let chosen = items.first { $0.language == "x-default" } ?? items.first
            return chosen.flatMap { $0.text.isEmpty ? nil : $0.text }
        }

        /// The non-empty items of an array; a non-empty simple value as one item.
        var items: [String] {
            switch self {
            case .text(let text): text.isEmpty ? [] : [text]
            case .array(let items): items.map(\.text).filter { !$0.isEmpty }
            case .other: []
            }
        }
    }
}
