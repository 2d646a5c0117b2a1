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
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0xEF }) else { return text }
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
        var (beforeLast, last): (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
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
        let rdf = rdfPrefix.isEmpty ? "" : rdfPrefix + ":"
        let open = "<" + name + declarations + ">"
        let close = "</" + name + ">"
        let container: String
        let items: [String]
        switch value {
        case .text(let text):
            return open + escaped(text) + close
        case .alternative(let text):
            container = "Alt"
            items = ["<\(rdf)li xml:lang=\"x-default\">" + escaped(text) + "</\(rdf)li>"]
        case .sequence(let texts), .bag(let texts):
            container = if case .bag = value { "Bag" } else { "Seq" }
            items = texts.map { "<\(rdf)li>" + escaped($0) + "</\(rdf)li>" }
        }
        let (containerOpen, containerClose) = ("<\(rdf)\(container)>", "</\(rdf)\(container)>")
        guard let layout else {
            return open + containerOpen + items.joined() + containerClose + close
        }
        let (outer, inner) = (layout.indent + layout.step, layout.indent + layout.step + layout.step)
        var lines = [open, outer + containerOpen]
        lines += items.map { inner + $0 }
        lines += [outer + containerClose, layout.indent + close]
        return lines.joined(separator: layout.newline)
    }
}
