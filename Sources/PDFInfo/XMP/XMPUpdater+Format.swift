import MetadataModel

extension XMPUpdater {
    /// How a packet is laid out (line ends, indentation), so that added and replaced
    /// properties look like their neighbours.
    struct Format {
        private let bytes: [UInt8]
        /// The packet's first line end: LF, CR LF or CR.
        let newline: String
        /// One level of indentation, measured from the packet (three spaces when it shows none,
        /// as Adobe's XMP toolkit writes).
        let step: String

        init(_ bytes: [UInt8], rdf: XMLElement, descriptions: [XMLElement]) {
            self.bytes = bytes
            let lineEnd = bytes.firstIndex { $0 == 0x0A || $0 == 0x0D }
            newline =
                switch lineEnd {
                case let end? where bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A: "\r\n"
                case let end? where bytes[end] == 0x0D: "\r"
                default: "\n"
                }
            // The first that shows one: rdf:RDF and its first description, then each
            // description and its first child.
            var step = descriptions.first.flatMap { Self.step(bytes, from: rdf, to: $0) }
            for description in descriptions where step == nil {
                step = description.children.first.flatMap { Self.step(bytes, from: description, to: $0) }
            }
            self.step = step ?? "   "
        }

        /// What the indentation of `child`'s line adds to that of `parent`'s, when both start
        /// their lines and the child's extends the parent's.
        private static func step(_ bytes: [UInt8], from parent: XMLElement, to child: XMLElement) -> String? {
            guard let outer = lineIndent(bytes, before: parent.startTag.lowerBound),
                let inner = lineIndent(bytes, before: child.range.lowerBound),
                inner.count > outer.count, bytes[inner].starts(with: bytes[outer])
            else { return nil }
            return String(decoding: bytes[(inner.lowerBound + outer.count)..<inner.upperBound], as: UTF8.self)
        }

        /// A multi-line layout for a property whose start tag is indented by `indent`.
        func layout(_ indent: String) -> Layout {
            Layout(indent: indent, step: step, newline: newline)
        }

        /// The spaces and tabs before `position` when only they separate it from the start of
        /// its line; nil when something else precedes it on the line.
        func lineIndent(before position: Int) -> String? {
            Self.lineIndent(bytes, before: position).map { String(decoding: bytes[$0], as: UTF8.self) }
        }

        /// Where ``lineIndent(before:)`` lies in `bytes`.
        private static func lineIndent(_ bytes: [UInt8], before position: Int) -> Range<Int>? {
            var start = position
            while start > 0 && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
            guard start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D else { return nil }
            return start..<position
        }

        /// The start of the run of white space (line ends included) that ends at `position`.
        func startOfSpace(before position: Int) -> Int {
            var start = position
            while start > 0 && [0x09, 0x0A, 0x0D, 0x20].contains(bytes[start - 1]) { start -= 1 }
            return start
        }

        /// The indentation of `parent`'s children: that of its first child element; for a
        /// parent without children whose content spans lines, its own indentation plus a step;
        /// nil when children go on the same line.
        func childIndent(of parent: XMLElement) -> String? {
            if let first = parent.children.first {
                return lineIndent(before: first.range.lowerBound)
            }
            guard let endTag = parent.endTag, let indent = lineIndent(before: parent.startTag.lowerBound),
                bytes[parent.startTag.upperBound..<endTag.lowerBound].contains(where: {
                    $0 == 0x0A || $0 == 0x0D
                })
            else { return nil }
            return indent + step
        }

        /// The offset just after the element's name in its start tag.
        func endOfName(_ element: XMLElement) -> Int {
            var position = element.startTag.lowerBound + 1
            let stops: [UInt8] = [0x09, 0x0A, 0x0D, 0x20, UInt8(ascii: "/"), UInt8(ascii: ">")]
            while position < element.startTag.upperBound && !stops.contains(bytes[position]) { position += 1 }
            return position
        }
    }
}
