import MetadataModel

/// The XML the updater writes: the element forms of XMP values.
extension XMPUpdater {
    /// Indentation for a property written over several lines.
    struct Layout {
        /// White space before the property's own start tag.
        var indent: String
        /// One level of indentation.
        var step: String
        var newline: String
    }

    /// The element for `value` named `name`.
    ///
    /// - Parameters:
    ///   - rdfPrefix: the prefix bound to the RDF namespace where the element goes ("" when it
    ///     is the default namespace).
    ///   - declarations: namespace declarations to put on the element (e.g. ` xmlns:rdf="…"`).
    ///   - layout: nil writes the element on one line.
    static func markup(
        _ name: String, _ value: Value, rdfPrefix: String, declarations: String = "", layout: Layout?
    ) -> String {
        let open = "<" + name + declarations + ">"
        let close = "</" + name + ">"
        let rdf = rdfPrefix.isEmpty ? "" : rdfPrefix + ":"
        let container: String
        switch value {
        case .text(let text): return open + escaped(text) + close
        case .alternative: container = "Alt"
        case .sequence: container = "Seq"
        case .bag: container = "Bag"
        }
        let language = if case .alternative = value { " xml:lang=\"x-default\"" } else { "" }
        let items = value.texts.map { "<\(rdf)li\(language)>" + escaped($0) + "</\(rdf)li>" }
        let (containerOpen, containerClose) = ("<\(rdf)\(container)>", "</\(rdf)\(container)>")
        guard let layout else {
            return open + containerOpen + items.joined() + containerClose + close
        }
        // One level deeper per line: the container, then its items.
        let (outer, inner) = (layout.indent + layout.step, layout.indent + layout.step + layout.step)
        let lines = [open, outer + containerOpen] + items.map { inner + $0 } + [outer + containerClose, layout.indent + close]
        return lines.joined(separator: layout.newline)
    }

    /// `text` as element content (``XMLEscaping``).
    private static func escaped(_ text: String) -> String {
        XMLEscaping.escaped(text, inAttribute: false)
    }
}
