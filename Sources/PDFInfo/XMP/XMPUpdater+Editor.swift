import MetadataModel

extension XMPUpdater {
    typealias XMLElement = XMLTree.Element

    /// Collects byte-range edits on one packet and applies them at the end.
    struct Editor {
        private let document: XMLTree
        private var bytes: [UInt8] { document.bytes }
        private let rdf: XMLElement
        /// The `rdf:Description` children of `rdf:RDF`.
        let descriptions: [XMLElement]
        /// The attributes (other than declarations) and child elements of the descriptions
        /// that have a namespace, in document order: where properties are looked for.
        private let occurrences: [(namespace: String, localName: Substring, occurrence: Occurrence)]
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

        init(document: XMLTree, rdf: XMLElement) {
            self.document = document
            self.rdf = rdf
            descriptions = XMPMetadata.descriptions(of: rdf)
            var occurrences: [(namespace: String, localName: Substring, occurrence: Occurrence)] = []
            for (index, description) in descriptions.enumerated() {
                for attribute in description.attributes where !attribute.isNamespaceDeclaration {
                    guard let namespace = attribute.namespace else { continue }
                    occurrences.append((namespace, attribute.localName, .attribute(description: index, attribute)))
                }
                for element in description.children {
                    guard let namespace = element.namespace else { continue }
                    occurrences.append((namespace, element.localName, .element(element)))
                }
            }
            self.occurrences = occurrences
            format = Format(document.bytes, rdf: rdf, descriptions: descriptions)
        }

        func hasProperty(_ namespace: String, _ localName: String) -> Bool {
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
                edits.append((attribute.valueRange, XMLEscaping.escaped(value.texts[0], quote: attribute.quote)))
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
            // Prefixes the packet uses without declaring them (read as XMPMetadata.implicitNamespaces
            // says) are declared on the root, so that every namespace-aware reader sees them too.
            let implicit = document.implicitPrefixes.sorted()
            declare(implicit.compactMap { prefix in XMPMetadata.implicitNamespaces[prefix].map { (prefix, $0) } }, on: document.root)
            for (index, addition) in additions {
                let description = descriptions[index]
                declare(addition.declarations, on: description)
                let layout = format.childIndent(of: description).map(format.layout)
                let rdfPrefix = prefix(boundTo: XMPMetadata.rdfNamespace, in: description) ?? "rdf"
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
        private func occurrences(_ namespace: String, _ localName: String) -> [Occurrence] {
            occurrences.filter { $0.namespace == namespace && $0.localName == localName }.map(\.occurrence)
        }

        /// The first description that declares or uses `namespace`, else the first; nil when
        /// there is none.
        private func targetDescription(for namespace: String) -> Int? {
            let user = descriptions.firstIndex { description in
                description.children.contains { $0.namespace == namespace }
                    || description.attributes.contains {
                        $0.namespace == namespace || ($0.isNamespaceDeclaration && $0.value == namespace)
                    }
            }
            return user ?? descriptions.indices.first
        }

        /// Prefix → namespace URI in force inside `element`, the packet's implicit prefixes
        /// included (they are declared on the root in the output).
        private func uris(in element: XMLElement) -> [String: String] {
            var uris = element.scope.uris
            for prefix in document.implicitPrefixes where uris[prefix] == nil {
                uris[prefix] = XMPMetadata.implicitNamespaces[prefix]
            }
            return uris
        }

        /// A prefix bound to `uri` inside `element` (the alphabetically first), else "" when
        /// `uri` is the default namespace; nil when unbound.
        private func prefix(boundTo uri: String, in element: XMLElement) -> String? {
            var least: String?
            var isDefault = false
            for (prefix, bound) in uris(in: element) where bound == uri {
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
            let name = element.name
            guard !value.isSimple else {
                // Text is written on one line and has no rdf:li items to prefix.
                edits.append((element.range, markup(name, value, rdfPrefix: "rdf", layout: nil)))
                return
            }
            let spansLines = bytes[element.range].contains { $0 == 0x0A || $0 == 0x0D }
            let layout =
                spansLines ? format.lineIndent(before: element.range.lowerBound).map(format.layout) : nil
            let rdfPrefix = prefix(boundTo: XMPMetadata.rdfNamespace, in: element)
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
                newDescription.elements.append((property.canonicalPrefix + ":" + property.localName, value))
                if !newDescription.declarations.contains(where: { $0.prefix == property.canonicalPrefix }) {
                    newDescription.declarations.append((property.canonicalPrefix, property.namespace))
                }
                return
            }
            var addition = additions[index] ?? Addition()
            var prefix = property.canonicalPrefix
            let uri = property.namespace
            var scope = uris(in: descriptions[index])
            for declaration in addition.declarations { scope[declaration.prefix] = declaration.uri }
            if scope[prefix] != uri {
                let existing = scope.filter { $0.value == uri && !$0.key.isEmpty }.keys.min()
                if scope[prefix] == nil {
                    addition.declarations.append((prefix, uri))
                } else if let existing {
                    prefix = existing
                } else {
                    var number = 1
                    while scope[property.canonicalPrefix + String(number)] != nil { number += 1 }
                    prefix = property.canonicalPrefix + String(number)
                    addition.declarations.append((prefix, uri))
                }
            }
            addition.elements.append((prefix + ":" + property.localName, value))
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
            let text = declarations.map { separator + "xmlns:\($0.prefix)=\"\(XMLEscaping.escaped($0.uri))\"" }.joined()
            edits.append((point..<point, text))
        }

        /// Adds rendered children after the last child element of `parent` (a self-closing
        /// parent is opened), each on its own line when the parent's children are.
        private mutating func appendChildren(_ children: [String], to parent: XMLElement) {
            let indent = format.childIndent(of: parent)
            let body = children.map { (indent.map { format.newline + $0 } ?? "") + $0 }.joined()
            guard parent.endTag != nil else {
                let end = parent.startTag.upperBound
                edits.append((end - 2..<end, ">" + body + "</" + parent.name + ">"))
                return
            }
            let point = parent.children.last?.range.upperBound ?? parent.startTag.upperBound
            edits.append((point..<point, body))
        }

        /// A new `rdf:Description` holding the queued elements, for a packet that has none.
        private func makeNewDescription() -> String {
            var declarations = newDescription.declarations
            if uris(in: rdf)["rdf"] != XMPMetadata.rdfNamespace {
                declarations.insert(("rdf", XMPMetadata.rdfNamespace), at: 0)
            }
            let layout = format.childIndent(of: rdf).map { format.layout($0 + format.step) }
            let elements = newDescription.elements.map {
                markup($0.name, $0.value, rdfPrefix: "rdf", layout: layout)
            }
            let attributes = declarations.map { " xmlns:\($0.prefix)=\"\(XMLEscaping.escaped($0.uri))\"" }.joined()
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
