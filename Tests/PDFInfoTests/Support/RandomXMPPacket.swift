@testable import PDFInfo

/// Random XMP packets for comparing the updater's shortcuts with their definitions: one to
/// three `rdf:Description`s holding the properties the updater reads and writes, and others,
/// in element form (text, `rdf:Alt` / `rdf:Seq` / `rdf:Bag`, resources, self-closing) and in
/// attribute form, under canonical and other prefixes, with odd white space, namespaces
/// declared on `rdf:RDF` or on each description, with or without the `x:xmpmeta` wrapper, the
/// `<?xpacket?>` lines and padding.
struct RandomXMPPacket {
    private static let namespaces = [
        ("dc", "http://purl.org/dc/elements/1.1/"), ("xmp", "http://ns.adobe.com/xap/1.0/"),
        ("pdf", "http://ns.adobe.com/pdf/1.3/"), ("ex", "http://ns.example.com/x/1.0/"),
    ]
    private static let names = [
        (0, "title"), (0, "creator"), (0, "description"), (0, "subject"), (0, "rights"), (1, "CreateDate"),
        (1, "ModifyDate"), (1, "MetadataDate"), (1, "CreatorTool"), (2, "Keywords"), (2, "Producer"),
        (3, "Other"), (3, "title"),
    ]
    private static let texts = [
        "", "Ave Maria", "Dvořák &amp; Sons", "a, b ,c", "2019-05-06T07:08:09Z", " padded ", "&lt;x&gt;",
        "<![CDATA[cdata <text>]]>", "x<!-- note -->y", "测试",
    ]
    private static let spaces = ["", " ", "\n", "\r\n   ", "\t", "\n\n    "]

    var generator = SystemRandomNumberGenerator()

    private mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &generator)! }
    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }

    /// One packet, in UTF-8.
    mutating func packet() -> String {
        // Alternative prefixes for each namespace, as some writers use them.
        let prefixes = Self.namespaces.map { chance(25) ? $0.0 + "2" : $0.0 }
        let onRDF = chance(50)
        let declarations = zip(prefixes, Self.namespaces).map { " xmlns:\($0)=\"\($1.1)\"" }.joined()
        var descriptions: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            var attributes = ""
            var elements = ""
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let (space, name) = pick(Self.names)
                let qualified = prefixes[space] + ":" + name
                if chance(25) {
                    // Attribute form holds a plain value (the quotes vary); the same name twice
                    // on one tag is an error, so repeats are skipped.
                    guard !attributes.contains(" \(qualified)=") else { continue }
                    let quote = chance(50) ? "\"" : "'"
                    let value = pick(["", "v", "2020-01-02T03:04:05+01:00", "a &amp; b", "Producer 1.0"])
                    attributes += pick([" ", "\n   "]) + qualified + "=" + quote + value + quote
                } else {
                    elements += pick(Self.spaces) + element(qualified)
                }
            }
            let own = onRDF ? "" : declarations
            let body = elements.isEmpty && chance(30) ? nil : elements + pick(Self.spaces)
            let about = chance(80) ? " rdf:about=\"\"" : ""
            let start = "<rdf:Description" + about + own + attributes
            descriptions.append(body.map { start + ">" + $0 + "</rdf:Description>" } ?? start + "/>")
        }
        let rdf =
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"" + (onRDF ? declarations : "") + ">"
            + descriptions.map { pick(Self.spaces) + $0 }.joined() + pick(Self.spaces) + "</rdf:RDF>"
        var packet = chance(70) ? "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">" + pick(Self.spaces) + rdf + "\n</x:xmpmeta>" : rdf
        if chance(60) {
            let padding = String(repeating: pick([" ", "\n", "                    \n"]), count: Int.random(in: 0...60, using: &generator))
            packet = "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n" + packet + "\n" + padding
                + "<?xpacket end=\"w\"?>"
        }
        return packet
    }

    /// A property element named `name`: text, an array, a resource or empty.
    private mutating func element(_ name: String) -> String {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return "<\(name)/>"
        case 1: return "<\(name) rdf:resource=\"http://example.com/\"/>"
        case 2...4: return "<\(name)>" + pick(Self.texts) + "</\(name)>"
        default:
            let container = pick(["Alt", "Seq", "Bag"])
            let indent = pick(Self.spaces)
            let items = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                let language = chance(40) ? pick([" xml:lang=\"x-default\"", " xml:lang=\"de\""]) : ""
                return indent + "<rdf:li\(language)>" + pick(Self.texts) + "</rdf:li>"
            }
            return "<\(name)>\(indent)<rdf:\(container)>" + items.joined() + indent + "</rdf:\(container)>"
                + indent + "</\(name)>"
        }
    }
}
