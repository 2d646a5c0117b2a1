import MetadataModel

/// Reads a Lua rule's `examples` (issue 4):
///
/// ```lua
/// examples = {
///   { given = { composers = { "Frédéric Chopin" } }, expect = { genres = { "Romantic" } } },
///   { given = { file = { name = "Chopin - Nocturne in Es-Dur.pdf" } }, expect = { key = "E♭ major" } },
/// }
/// ```
///
/// `given` holds score fields (`title`, the four lists, the five numbers, `key`) plus the
/// read-only facts `file` ({path, name, stem, folder, pages}; missing parts are derived from
/// `path` or `name`), `info`, `toc`, `source` and `text` (`RuleExampleReader+Document`). `expect` holds score fields only; `false` expects an
/// unset field or an empty list. Only the fields named in `expect` are compared.
enum RuleExampleReader {
    /// What is wrong with the examples, as one line, and where.
    struct FormatError: Error {
        let text: String
        /// The example at fault (from 1); nil when the list itself is.
        var example: Int? = nil
        /// The example's field at fault, `given` or `expect`; nil when the example itself is.
        var field: String? = nil
    }

    /// - Parameter value: the `examples` field as copied from Lua (nil if too deep or large).
    static func read(_ value: LuaValue?) throws(FormatError) -> [RuleExample] {
        guard let list = value?.tableValue, list.fields.isEmpty else {
            throw FormatError(text: "examples must be a list of { given = …, expect = … } tables")
        }
        var examples: [RuleExample] = []
        for (offset, item) in list.array.enumerated() {
            examples.append(try readExample(item, number: offset + 1))
        }
        return examples
    }

    /// Reads example `number` of the list.
    private static func readExample(_ item: LuaValue, number: Int) throws(FormatError) -> RuleExample {
        let label = "examples[\(number)]"
        guard let example = item.tableValue else { throw FormatError(text: "\(label) must be a table", example: number) }
        for key in example.fields.keys where key != "given" && key != "expect" {
            throw FormatError(text: "\(label) has an unknown field '\(key)' (known: given, expect)", example: number)
        }
        guard let given = example["given"].tableValue, let expect = example["expect"].tableValue else {
            throw FormatError(text: "\(label) needs a given table and an expect table", example: number)
        }
        let (input, document) = try reading("given", of: number) { () throws(FormatError) in
            try readGiven(given, label: "\(label).given")
        }
        let (expected, fields) = try reading("expect", of: number) { () throws(FormatError) in
            try readExpect(expect, label: "\(label).expect")
        }
        return RuleExample(given: input, document: document, expected: expected, fields: fields)
    }

    /// What `body` reads; its error is placed in `field` of example `number`.
    private static func reading<Value>(
        _ field: String, of number: Int, _ body: () throws(FormatError) -> Value
    ) throws(FormatError) -> Value {
        do throws(FormatError) {
            return try body()
        } catch {
            throw FormatError(text: error.text, example: number, field: field)
        }
    }

    private static func readGiven(_ table: LuaTable, label: String) throws(FormatError) -> (ScoreInput, ScoreDocumentValues) {
        var metadata = ScoreMetadata()
        var input = ScoreInput(metadata: metadata, file: FileFacts(path: ""))
        var document = ScoreDocumentValues()
        for (key, value) in table.fields {
            switch key {
            case "file": input.file = try file(value, label: "\(label).file")
            case "info": input.info = try stringMap(value, label: "\(label).info")
            case "toc": input.toc = try toc(value, label: "\(label).toc")
            case "source": document.source = try source(value, label: "\(label).source")
            case "text": document.text = try pageText(value, label: "\(label).text")
            default: _ = try set(&metadata, key, value, label: label, allowFalse: false)
            }
        }
        input.metadata = metadata
        return (input, document)
    }

    private static func readExpect(
        _ table: LuaTable, label: String
    ) throws(FormatError) -> (ScoreMetadata, [MetadataField]) {
        var metadata = ScoreMetadata()
        // The fields named, in an array (a few of ten): a `Set` would hash each field's name.
        var fields: [MetadataField] = []
        for (key, value) in table.fields {
            fields += try set(&metadata, key, value, label: label, allowFalse: true)
        }
        guard !fields.isEmpty else { throw FormatError(text: "\(label) names no field to compare") }
        return (metadata, MetadataField.allCases.filter(fields.contains))
    }

    /// Sets score field `key` from `value`; returns the fields set (`key` sets keysf and keymi).
    private static func set(
        _ metadata: inout ScoreMetadata, _ key: String, _ value: LuaValue, label: String, allowFalse: Bool
    ) throws(FormatError) -> [MetadataField] {
        let cleared = allowFalse && value == .boolean(false)
        if key == "key" {
            guard !cleared else { metadata.key = nil; return [.keysf, .keymi] }
            guard let name = value.stringValue, let key = Key(name: name) ?? KeyParser.parse(name) else {
                throw FormatError(text: "\(label).key must be a key name such as \"E♭ major\"")
            }
            metadata.key = key
            return [.keysf, .keymi]
        }
        guard let field = MetadataField(rawValue: key) else {
            throw FormatError(text: "\(label) has an unknown field '\(key)'")
        }
        switch field.kind {
        case .text:
            guard cleared || value.stringValue != nil else { throw FormatError(text: "\(label).\(key) must be a string") }
            metadata.title = value.stringValue
        case .list:
            metadata[list: field] = cleared ? [] : try strings(value, label: "\(label).\(key)")
        case .number:
            if cleared {
                metadata[number: field] = nil
            } else if case .integer(let number) = value {
                metadata[number: field] = number
            } else {
                throw FormatError(text: "\(label).\(key) must be a whole number")
            }
        }
        return [field]
    }

    static func strings(_ value: LuaValue, label: String) throws(FormatError) -> [String] {
        if let single = value.stringValue { return [single] }
        guard let table = value.tableValue, table.fields.isEmpty else {
            throw FormatError(text: "\(label) must be a list of strings")
        }
        var result: [String] = []
        for item in table.array {
            guard let text = item.stringValue else { throw FormatError(text: "\(label) must be a list of strings") }
            result.append(text)
        }
        return result
    }

    private static func stringMap(_ value: LuaValue, label: String) throws(FormatError) -> [String: String] {
        guard let table = value.tableValue, table.array.isEmpty else {
            throw FormatError(text: "\(label) must be a table of strings by name")
        }
        var result: [String: String] = [:]
        for (key, item) in table.fields {
            guard let text = item.stringValue else { throw FormatError(text: "\(label).\(key) must be a string") }
            result[key] = text
        }
        return result
    }

    private static func file(_ value: LuaValue, label: String) throws(FormatError) -> FileFacts {
        guard let table = value.tableValue, table.array.isEmpty else {
            throw FormatError(text: "\(label) must be a table such as { name = \"Chopin - Nocturne.pdf\" }")
        }
        var parts: [String: String] = [:]
        var pages: Int?
        for (key, item) in table.fields {
            switch (key, item) {
            case ("pages", .integer(let number)):
                pages = number
            case ("path", .string(let text)), ("name", .string(let text)), ("stem", .string(let text)),
                ("folder", .string(let text)):
                parts[key] = text
            case ("path", _), ("name", _), ("stem", _), ("folder", _), ("pages", _):
                throw FormatError(text: "\(label).\(key) must be a \(key == "pages" ? "whole number" : "string")")
            default:
                throw FormatError(text: "\(label) has an unknown field '\(key)' (known: path, name, stem, folder, pages)")
            }
        }
        var facts = FileFacts(path: parts["path"] ?? parts["name"] ?? "", pages: pages)
        if let name = parts["name"] {
            facts.name = name
            facts.stem = FileFacts.stem(of: name)
        }
        if let stem = parts["stem"] { facts.stem = stem }
        if let folder = parts["folder"] { facts.folder = folder }
        return facts
    }

    private static func toc(_ value: LuaValue, label: String) throws(FormatError) -> [Bookmark] {
        guard let table = value.tableValue, table.fields.isEmpty else {
            throw FormatError(text: "\(label) must be a list of { title, first_page, last_page } tables")
        }
        var result: [Bookmark] = []
        for item in table.array {
            guard let entry = item.tableValue, let title = entry["title"].stringValue,
                case .integer(let first) = entry["first_page"]
            else { throw FormatError(text: "\(label) items need a title and a first_page") }
            let last: Int
            switch entry["last_page"] {
            case .integer(let page): last = page
            case .nil: last = first
            default: throw FormatError(text: "\(label) items' last_page must be a whole number")
            }
            result.append(Bookmark(title: title, firstPage: first, lastPage: last))
        }
        return result
    }
}
