/// Reads a 4SS file and checks it against file-types.txt's rules; the implementation of
/// ``Setlist/parse(xml:)``.
struct SetlistParser {
    /// An open element: its name, and whether its content is being skipped (it is unknown
    /// or inside an entry, and has been reported once).
    private struct Open {
        var name: String
        var skipped: Bool
        var line: Int
    }

    private var stack: [Open] = []
    private var setlist: Setlist?
    private var rootClosed = false
    private(set) var diagnostics: [Diagnostic] = []

    /// The attributes each element defines (file-types.txt's table, and the root).
    private static let known: [String: Set<String>] = [
        "forScore": ["kind", "version", "title"], "score": ["path", "title", "data"],
        "bookmark": ["path", "title"], "placeholder": ["title"],
    ]

    static func parse(_ xml: String) throws(InterchangeError) -> (setlist: Setlist, diagnostics: [Diagnostic]) {
        var parser = SetlistParser()
        var tokenizer = XMLTokenizer(Array(xml.utf8), dialect: .strict)
        while let event = try tokenizer.next() {
            try parser.handle(event, tokenizer)
        }
        if let open = parser.stack.last {
            throw InterchangeError(.malformedXML, "element '\(open.name)' opened here is never closed", line: open.line)
        }
        guard let setlist = parser.setlist else {
            throw InterchangeError(
                .notASetlist, "no root element; a 4SS file is <forScore kind=\"setlist\" version=\"1.0\" title=\"…\">",
                line: 1)
        }
        return (setlist, parser.diagnostics)
    }

    private mutating func handle(_ event: XMLTokenizer.Event, _ tokenizer: XMLTokenizer) throws(InterchangeError) {
        switch event {
        case .declaration(let tag):
            if let encoding = tag.attributes.first(where: { $0.name == "encoding" })?.value,
                encoding.lowercased() != "utf-8"
            {
                warn(.encoding, tag.line, "the declaration names encoding '\(encoding)'; a 4SS file is UTF-8")
            }
        case .documentType(_, let line):
            throw InterchangeError(.malformedXML, "document type declarations are not supported in a 4SS file", line: line)
        case .start(let tag):
            try start(tag.name, tag.attributes, line: tag.line)
            if tag.selfClosing { try end(tag.name, line: tag.line) }
        case .end(let name, _, let line):
            try end(name, line: line)
        case .text(let range, let isCDATA, let line):
            let text = isCDATA ? String(decoding: tokenizer.bytes[range], as: UTF8.self) : try tokenizer.text(range)
            guard !text.unicodeScalars.allSatisfy({ " \t\r\n".unicodeScalars.contains($0) }) else { return }
            guard !stack.isEmpty else {
                throw InterchangeError(.malformedXML, "text \(ForScoreText.quoted(ForScoreText.trimmed(text))) outside the root element", line: line)
            }
            if stack.last?.skipped == false {
                warn(.ignoredText, line, "text \(ForScoreText.quoted(ForScoreText.trimmed(text))) inside '\(stack.last?.name ?? "")' is ignored")
            }
        }
    }

    private mutating func start(_ name: String, _ attributes: [XMLAttribute], line: Int) throws(InterchangeError) {
        guard let parent = stack.last else {
            guard !rootClosed else {
                throw InterchangeError(.malformedXML, "element '\(name)' after the root element has closed", line: line)
            }
            setlist = try Self.root(name, attributes, line: line)
            reportUnknownAttributes(of: name, attributes, line: line)
            stack.append(Open(name: name, skipped: false, line: line))
            return
        }
        guard stack.count == 1, name != "forScore", Self.known[name] != nil else {
            if !parent.skipped {
                let place = stack.count == 1 ? "" : " inside '\(parent.name)'"
                warn(.unknownElement, line, "element '\(name)'\(place) is not part of a 4SS setlist; skipped")
            }
            stack.append(Open(name: name, skipped: true, line: line))
            return
        }
        setlist?.entries.append(try Self.entry(name, attributes, line: line))
        reportUnknownAttributes(of: name, attributes, line: line)
        stack.append(Open(name: name, skipped: false, line: line))
    }

    private mutating func end(_ name: String, line: Int) throws(InterchangeError) {
        guard let open = stack.popLast() else {
            throw InterchangeError(.malformedXML, "end tag '\(name)' without a start tag", line: line)
        }
        guard open.name == name else {
            throw InterchangeError(.malformedXML, "end tag '\(name)' closes '\(open.name)'", line: line)
        }
        if stack.isEmpty { rootClosed = true }
    }

    private static func root(_ name: String, _ attributes: [XMLAttribute], line: Int) throws(InterchangeError) -> Setlist {
        let expected = "a 4SS file's root is <forScore kind=\"setlist\" version=\"1.0\" title=\"…\">"
        guard name == "forScore" else {
            throw InterchangeError(.notASetlist, "the root element is '\(name)'; \(expected)", line: line)
        }
        for (attribute, value) in [("kind", "setlist"), ("version", "1.0")] {
            let found = attributes.first { $0.name == attribute }?.value
            guard found == value else {
                let actual = found.map { "is \(ForScoreText.quoted($0))" } ?? "is missing"
                throw InterchangeError(.notASetlist, "the root's '\(attribute)' \(actual); \(expected)", line: line)
            }
        }
        return Setlist(title: try required("title", of: "forScore", attributes, line: line))
    }

    private static func entry(_ name: String, _ attributes: [XMLAttribute], line: Int) throws(InterchangeError) -> Setlist.Entry {
        switch name {
        case "score":
            let path = try required("path", of: name, attributes, line: line)
            let title = attributes.first { $0.name == "title" }.map(\.value).flatMap { $0.isEmpty ? nil : $0 }
            var data: [UInt8]?
            if let text = attributes.first(where: { $0.name == "data" })?.value {
                guard let bytes = Base64.decode(text) else {
                    throw InterchangeError(.badBase64, "the 'data' of score '\(path)' is not Base64", line: line)
                }
                data = bytes
            }
            return .score(path: path, title: title, data: data)
        case "bookmark":
            return .bookmark(
                path: try required("path", of: name, attributes, line: line),
                title: try required("title", of: name, attributes, line: line))
        default:
            return .placeholder(title: try required("title", of: name, attributes, line: line))
        }
    }

    /// The value of a required attribute; missing or empty is an error.
    private static func required(
        _ attribute: String, of element: String, _ attributes: [XMLAttribute], line: Int
    ) throws(InterchangeError) -> String {
        guard let value = attributes.first(where: { $0.name == attribute })?.value, !value.isEmpty else {
            throw InterchangeError(
                .missingAttribute, "'\(element)' needs a non-empty '\(attribute)' attribute (file-types.txt)", line: line)
        }
        return value
    }

    private mutating func reportUnknownAttributes(of element: String, _ attributes: [XMLAttribute], line: Int) {
        let known = Self.known[element] ?? []
        for attribute in attributes where !known.contains(attribute.name) {
            warn(.unknownAttribute, line, "attribute '\(attribute.name)' of '\(element)' is not part of a 4SS setlist; ignored")
        }
    }

    private mutating func warn(_ code: Diagnostic.Code, _ line: Int, _ message: String) {
        diagnostics.append(Diagnostic(severity: .warning, code: code, message: message, location: Diagnostic.Location(line: line)))
    }
}
