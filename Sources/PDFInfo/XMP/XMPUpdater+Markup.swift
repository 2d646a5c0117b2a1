/// The XML the updater writes: escaping and the element forms of XMP values.
extension XMPUpdater {
    /// Indentation for a property written over several lines.
    struct Layout {
        /// White space before the property's own start tag.
        var indent: String
        /// One level of indentation.
        var step: String
        var newline: String
    }

    /// `text` without the characters XML 1.0 cannot carry at all, even as references
    /// (C0 controls other than tab, line feed and carriage return; U+FFFE; U+FFFF).
    static func representable(_ text: String) -> String {
        var utf8 = text
        guard utf8.withUTF8({ $0.contains { $0 < 0x20 || $0 == 0xEF } }) else { return text }
        let isLegal: (Unicode.Scalar) -> Bool = { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...: true
            default: false
            }
        }
        guard !text.unicodeScalars.allSatisfy(isLegal) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter(isLegal)))
    }

    /// Escapes `text` for element content or a quoted attribute value: `& < > " '` as entity
    /// references, tab, line feed and carriage return as character references (so that no
    /// parser normalises them), other illegal characters dropped.
    static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in representable(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t": result += "&#x9;"
            case "\n": result += "&#xA;"
            case "\r": result += "&#xD;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether ``escaped(_:)`` changes `text`: it has a character to escape, a C0 control, or
    /// U+FFFE or U+FFFF (EF BF BE, EF BF BF in UTF-8).
    private static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var (beforeLast, last): (UInt8, UInt8) = (0, 0)
            for byte in bytes {
                switch byte {
                case 0..<0x20, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
                    UInt8(ascii: "'"):
                    return true
                case 0xBE...0xBF where beforeLast == 0xEF && last == 0xBF:
                    return true
                default:
                    (beforeLast, last) = (last, byte)
                }
            }
            return false
        }
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
        // Built as bytes from contiguous UTF-8: String's own appends cost several times more,
        // and this runs for every property written.
        var out = MarkupBytes(capacity: 2 * name.utf8.count + declarations.utf8.count + 160)
        out.add("<")
        out.add(name)
        out.add(declarations)
        out.add(">")
        let container: StaticString
        switch value {
        case .text(let text):
            out.add(escaped(text))
            out.addEndTag(name)
            return out.string
        case .alternative: container = "Alt"
        case .sequence: container = "Seq"
        case .bag: container = "Bag"
        }
        // One line is the multi-line layout without line ends or indentation.
        let (newline, indent, step) = layout.map { ($0.newline, $0.indent, $0.step) } ?? ("", "", "")
        func startLine(levels: Int) {
            out.add(newline)
            out.add(indent)
            for _ in 0..<levels { out.add(step) }
        }
        startLine(levels: 1)
        out.addTag(closing: false, rdfPrefix, container)
        for text in value.texts {
            startLine(levels: 2)
            out.add("<")
            out.addName(rdfPrefix, "li")
            if case .alternative = value { out.add(" xml:lang=\"x-default\"") }
            out.add(">")
            out.add(escaped(text))
            out.addTag(closing: true, rdfPrefix, "li")
        }
        startLine(levels: 1)
        out.addTag(closing: true, rdfPrefix, container)
        startLine(levels: 0)
        out.addEndTag(name)
        return out.string
    }

    /// The UTF-8 of the markup being built.
    private struct MarkupBytes {
        private var bytes: [UInt8] = []

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        var string: String { String(decoding: bytes, as: UTF8.self) }

        mutating func add(_ literal: StaticString) {
            literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        /// `prefix:localName`, or `localName` when the prefix is empty.
        mutating func addName(_ prefix: String, _ localName: StaticString) {
            if !prefix.isEmpty {
                add(prefix)
                add(":")
            }
            add(localName)
        }

        /// `<prefix:localName>` or `</prefix:localName>`.
        mutating func addTag(closing: Bool, _ prefix: String, _ localName: StaticString) {
            add(closing ? "</" : "<")
            addName(prefix, localName)
            add(">")
        }

        /// `</name>` (the start tag, which may carry declarations, is written by hand).
        mutating func addEndTag(_ name: String) {
            add("</")
            add(name)
            add(">")
        }
    }
}
