extension XMPUpdater {
    typealias XMLElement = XMPMetadata.XMLElement
    typealias XMLAttribute = XMPMetadata.XMLAttribute
    typealias XMLNamespace = XMPMetadata.XMLNamespace

    /// Collects byte-range edits on one packet and applies them at the end.
    struct Editor {
        private let document: XMPMetadata.XMLDocument
        private var bytes: [UInt8] { document.bytes }
        private let rdf: XMLElement
        /// The `rdf:Description` children of `rdf:RDF`.
        let descriptions: [XMLElement]
        /// The attributes (other than declarations) and child elements of the descriptions
        /// that have a listed namespace, in document order: where properties are looked for.
        /// Their names apart, in plain values, so that a search copies nothing else.
        private let namedOccurrences: [Occurrence]
        private let names: [(namespace: XMLNamespace, name: XMPMetadata.XMLName)]
        private let format: Format
        private var edits: [(range: Range<Int>, text: String)] = []
        /// Elements to add to existing descriptions, by index.
        private var additions: [Int: Addition] = [:]
        /// Elements for a new description, when the packet has none.
        private var newDescription = Addition()

        private struct Addition {
            var elements: [(name: String, value: Value)] = []
            var declarations: [(prefix: String, uri: String)] = []
        }

        private enum Occurrence {
            case element(XMLElement)
            case attribute(description: Int, XMLAttribute)
        }

        init(document: XMPMetadata.XMLDocument, rdf: XMLElement) {
            self.document = document
            self.rdf = rdf
            descriptions = XMPMetadata.descriptions(of: rdf, in: document)
            var namedOccurrences: [Occurrence] = []
            var names: [(namespace: XMLNamespace, name: XMPMetadata.XMLName)] = []
            namedOccurrences.reserveCapacity(16)
            names.reserveCapacity(16)
            for (index, description) in descriptions.enumerated() {
                for attribute in description.attributes where !attribute.isNamespaceDeclaration {
                    guard let namespace = attribute.namespace else { continue }
                    namedOccurrences.append(.attribute(description: index, attribute))
                    names.append((namespace, attribute.name))
                }
                for element in description.elements {
                    guard let namespace = element.namespace else { continue }
                    namedOccurrences.append(.element(element))
                    names.append((namespace, element.name))
                }
            }
            self.namedOccurrences = namedOccurrences
            self.names = names
            format = Format(document.bytes, rdf: rdf, descriptions: descriptions)
        }

        func hasProperty(_ namespace: XMLNamespace, _ localName: StaticString) -> Bool {
            !occurrences(namespace, localName).isEmpty
        }

        /// Records the edits that set or remove `property`.
        mutating func apply(_ property: Property) {
            var found = occurrences(property.namespace, property.localName)[...]
            guard let value = property.value else {
                found.forEach { remove($0) }
                return
            }
            switch found.popFirst() {
            case .element(let element):
                replace(element, with: value)
            case .attribute(_, let attribute) where value.isSimple:
                edits.append((attribute.valueRange, escaped(value.texts[0])))
            case .attribute(let description, let attribute):
                remove(.attribute(description: description, attribute))
                add(property, value, to: description)
            case nil:
                add(property, value, to: targetDescription(for: property.namespace))
            }
            found.forEach { remove($0) }
        }

        /// The packet with all recorded edits applied. Call it once: it records the additions.
        mutating func output() throws(PDFError) -> [UInt8] {
            for (index, addition) in additions {
                let description = descriptions[index]
                declare(addition.declarations, on: description)
                let layout = format.childIndent(of: description).map(format.layout)
                let rdfPrefix = description.scope.prefix(boundTo: .rdf) ?? "rdf"
                let elements = addition.elements.map {
                    markup($0.name, $0.value, rdfPrefix: rdfPrefix, layout: layout)
                }
                appendChildren(elements, to: description)
            }
            if !newDescription.elements.isEmpty {
                appendChildren([makeNewDescription()], to: rdf)
            }
            let ordered = edits.enumerated().sorted {
                ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
                    < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
            }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 1024)
            var cursor = 0
            for (_, edit) in ordered {
                guard edit.range.lowerBound >= cursor else {
                    throw PDFError(
                        .malformed, "xmp update would overlap its own edits at byte \(edit.range.lowerBound)")
                }
                output += bytes[cursor..<edit.range.lowerBound]
                output += edit.text.utf8
                cursor = edit.range.upperBound
            }
            output += bytes[cursor...]
            return output
        }

        // MARK: - Finding

        /// Every occurrence of a property, in document order.
        private func occurrences(_ namespace: XMLNamespace, _ localName: StaticString) -> [Occurrence] {
            var found: [Occurrence] = []
            for (position, named) in names.enumerated()
            where named.namespace == namespace && named.name.hasLocalName(localName, in: bytes) {
                found.append(namedOccurrences[position])
            }
            return found
        }

        /// The first description that declares or uses `namespace`, else the first; nil when
        /// there is none.
        private func targetDescription(for namespace: XMLNamespace) -> Int? {
            let user = descriptions.firstIndex { description in
                description.elements.contains { $0.namespace == namespace }
                    || description.attributes.contains {
                        $0.namespace == namespace
                            || ($0.isNamespaceDeclaration
                                && XMLNamespace(attributeValue: $0.valueRange, in: bytes) == namespace)
                    }
            }
            return user ?? descriptions.indices.first
        }

        /// A prefix bound to `uri` in `scope` (the alphabetically first), else "" when `uri` is
        /// the default namespace; nil when unbound.
        static func prefix(for uri: String, in scope: [String: String]) -> String? {
            // One pass, no filtered copy or sort: the least non-empty prefix, else the default.
            var least: String?
            var isDefault = false
            for (prefix, bound) in scope where bound == uri {
                if prefix.isEmpty {
                    isDefault = true
                } else if least.map({ prefix < $0 }) ?? true {
                    least = prefix
                }
            }
            return least ?? (isDefault ? "" : nil)
        }

        // MARK: - Editing

        private mutating func remove(_ occurrence: Occurrence) {
            let range =
                switch occurrence {
                case .element(let element): element.range
                case .attribute(_, let attribute): attribute.range
                }
            edits.append((format.startOfSpace(before: range.lowerBound)..<range.upperBound, ""))
        }

        /// Replaces an element under its own name, on one line or laid out like its neighbours.
        private mutating func replace(_ element: XMLElement, with value: Value) {
            let name = document.qualifiedName(of: element)
            guard !value.isSimple else {
                // Text is written on one line and has no rdf:li items to prefix.
                edits.append((element.range, markup(name, value, rdfPrefix: "rdf", layout: nil)))
                return
            }
            let spansLines = bytes[element.range].contains { $0 == 0x0A || $0 == 0x0D }
            let layout =
                spansLines ? format.lineIndent(before: element.range.lowerBound).map(format.layout) : nil
            let rdfPrefix = element.scope.prefix(boundTo: .rdf)
            let declarations = rdfPrefix == nil ? " xmlns:rdf=\"\(XMPMetadata.rdfNamespace)\"" : ""
            let text = markup(
                name, value, rdfPrefix: rdfPrefix ?? "rdf", declarations: declarations, layout: layout)
            edits.append((element.range, text))
        }

        /// Queues `property` for a description (nil: a new one), choosing its prefix: the
        /// canonical one when it is free or already means the namespace, else an existing
        /// prefix for the namespace, else the canonical one with a number.
        private mutating func add(_ property: Property, _ value: Value, to index: Int?) {
            guard let index else {
                newDescription.elements.append((property.canonicalPrefix + ":" + property.localName.description, value))
                if !newDescription.declarations.contains(where: { $0.prefix == property.canonicalPrefix }) {
                    newDescription.declarations.append((property.canonicalPrefix, property.namespace.uri))
                }
                return
            }
            var addition = additions[index] ?? Addition()
            var prefix = property.canonicalPrefix
            let uri = property.namespace.uri
            // Usually the canonical prefix already means the namespace there: then the other
            // bindings in scope do not matter.
            let queued = addition.declarations.last { $0.prefix == prefix }
            let canonicalFits =
                queued.map { $0.uri == uri }
                ?? (descriptions[index].scope.namespace(boundTo: prefix) == property.namespace)
            if !canonicalFits {
                var scope = descriptions[index].scope.uris
                for declaration in addition.declarations { scope[declaration.prefix] = declaration.uri }
                if scope[prefix] == nil {
                    addition.declarations.append((prefix, uri))
                } else if let existing = Self.prefix(for: uri, in: scope), !existing.isEmpty {
                    prefix = existing
                } else {
                    var number = 1
                    while scope[property.canonicalPrefix + String(number)] != nil { number += 1 }
                    prefix = property.canonicalPrefix + String(number)
                    addition.declarations.append((prefix, uri))
                }
            }
            addition.elements.append((prefix + ":" + property.localName.description, value))
            additions[index] = addition
        }

        /// Adds namespace declarations at the end of a start tag, one per line when the
        /// attributes are one per line.
        private mutating func declare(_ declarations: [(prefix: String, uri: String)], on element: XMLElement)
        {
            guard !declarations.isEmpty else { return }
            let last = element.attributes.last
            let point = last?.range.upperBound ?? format.endOfName(element)
            let separator =
                last.flatMap { format.lineIndent(before: $0.range.lowerBound) }.map { format.newline + $0 }
                ?? " "
            let text = declarations.map { separator + "xmlns:\($0.prefix)=\"\(escaped($0.uri))\"" }.joined()
            edits.append((point..<point, text))
        }

        /// Adds rendered children after the last child element of `parent` (a self-closing
        /// parent is opened), each on its own line when the parent's children are.
        private mutating func appendChildren(_ children: [String], to parent: XMLElement) {
            let indent = format.childIndent(of: parent)
            let body = children.map { (indent.map { format.newline + $0 } ?? "") + $0 }.joined()
            guard parent.endTag != nil else {
                let end = parent.startTag.upperBound
                edits.append((end - 2..<end, ">" + body + "</" + document.qualifiedName(of: parent) + ">"))
                return
            }
            let point = parent.elements.last?.range.upperBound ?? parent.startTag.upperBound
            edits.append((point..<point, body))
        }

        /// A new `rdf:Description` holding the queued elements, for a packet that has none.
        private func makeNewDescription() -> String {
            var declarations = newDescription.declarations
            if rdf.scope.uris["rdf"] != XMPMetadata.rdfNamespace {
                declarations.insert(("rdf", XMPMetadata.rdfNamespace), at: 0)
            }
            let layout = format.childIndent(of: rdf).map { format.layout($0 + format.step) }
            let elements = newDescription.elements.map {
                markup($0.name, $0.value, rdfPrefix: "rdf", layout: layout)
            }
            let attributes = declarations.map { " xmlns:\($0.prefix)=\"\(escaped($0.uri))\"" }.joined()
            let separator = layout.map { format.newline + $0.indent } ?? ""
            let closing = format.childIndent(of: rdf).map { format.newline + $0 } ?? ""
            return "<rdf:Description rdf:about=\"\"" + attributes + ">"
                + elements.map { separator + $0 }.joined() + closing + "</rdf:Description>"
        }
    }
}

extension XMPUpdater.Value {
    /// True for a plain text value, which may live in an attribute.
    var isSimple: Bool {
        if case .text = self { true } else { false }
    }
}
