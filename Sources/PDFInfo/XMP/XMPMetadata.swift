import MetadataModel

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
    /// The namespace of the `x:xmpmeta` wrapper (XMP Part 1 §7.3.3).
    static let metaNamespace = "adobe:ns:meta/"

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
        properties(of: try tree(of: packet))
    }

    /// The properties of an already parsed packet (see ``parse(_:)``); with `only`, just those
    /// (the others are left absent).
    static func properties(of document: XMLTree, only wanted: [InfoProperty]? = nil) -> XMPMetadata {
        properties(in: descriptions(in: document), only: wanted)
    }

    /// The properties in `descriptions`, the `rdf:Description` elements of a packet (see
    /// ``properties(of:only:)``), for a caller that has found them already.
    static func properties(in descriptions: [XMLTree.Element], only wanted: [InfoProperty]? = nil) -> XMPMetadata {
        var values = [XMLValue?](repeating: nil, count: InfoProperty.allCases.count)
        for description in descriptions {
            for attribute in description.attributes where !attribute.isNamespaceDeclaration {
                guard let property = InfoProperty(attribute.namespace, attribute.localName),
                    values[property.rawValue] == nil, wanted?.contains(property) ?? true
                else { continue }
                values[property.rawValue] = .text(attribute.value)
            }
            for element in description.children {
                guard let property = InfoProperty(element.namespace, element.localName),
                    values[property.rawValue] == nil, wanted?.contains(property) ?? true
                else { continue }
                values[property.rawValue] = XMLValue(element)
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
    static func rdfElement(in document: XMLTree) -> XMLTree.Element? {
        var queue = [document.root]
        var next = 0
        while next < queue.count {
            let element = queue[next]
            next += 1
            if element.is(rdfNamespace, "RDF") { return element }
            queue += element.children
        }
        return nil
    }

    /// The `rdf:Description` children of the `rdf:RDF` element, in document order.
    static func descriptions(in document: XMLTree) -> [XMLTree.Element] {
        rdfElement(in: document).map(descriptions(of:)) ?? []
    }

    /// The `rdf:Description` children of `rdf`, an `rdf:RDF` element.
    static func descriptions(of rdf: XMLTree.Element) -> [XMLTree.Element] {
        rdf.children.filter { $0.is(rdfNamespace, "Description") }
    }

    /// The properties read into ``XMPMetadata``, by namespace and local name.
    enum InfoProperty: Int, CaseIterable {
        case title, creator, description, subject, keywords, createDate, modifyDate, metadataDate, producer

        /// The property named `localName` in `namespace`, if it is one of these.
        init?(_ namespace: String?, _ localName: Substring) {
            guard let namespace, let property = Self.allCases.first(where: {
                $0.namespace == namespace && $0.localName == localName
            }) else { return nil }
            self = property
        }

        /// The namespace the property is in.
        private var namespace: String {
            switch self {
            case .title, .creator, .description, .subject: XMPMetadata.dcNamespace
            case .keywords, .producer: XMPMetadata.pdfNamespace
            case .createDate, .modifyDate, .metadataDate: XMPMetadata.xmpNamespace
            }
        }

        /// The property's name in its namespace.
        private var localName: String {
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

        init(_ element: XMLTree.Element) {
            let rdf = XMPMetadata.rdfNamespace
            let children = element.children
            if children.isEmpty {
                let isResource = element.attribute(rdf, "resource") != nil
                self = isResource ? .other : .text(element.text)
                return
            }
            guard children.count == 1, let container = children.first,
                container.is(rdf, "Alt") || container.is(rdf, "Seq") || container.is(rdf, "Bag")
            else {
                self = .other
                return
            }
            let items = container.children.filter { $0.is(rdf, "li") && $0.children.isEmpty }
            self = .array(items.map { ($0.attribute(XMLNamespaceScope.xmlNamespace, "lang")?.value, $0.text) })
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
