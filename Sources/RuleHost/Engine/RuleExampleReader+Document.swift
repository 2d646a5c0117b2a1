import MetadataModel

/// An example's `given.source` and `given.text` (issue 27), what `score.source` and
/// `score.text` show while the example runs:
///
/// ```lua
/// given = {
///   source = { name = "Nocturne.mscz", title = "Nocturne", composers = { "Chopin" }, keysf = -3, keymi = 0 },
///   text = { { text = "Nocturne", size = 20, x = 240, y = 90 }, { text = "F. Chopin", size = 11, x = 470, y = 120 } },
/// }
/// ```
///
/// A source's `format` defaults to what its name's extension says (else `musicxml`), its
/// `path` to its `name`; the page of `text` is A4 (595 × 842 points) unless the table gives
/// `width` and `height`.
extension RuleExampleReader {
    /// The fields a `source` may give, as `score.source` has them (`name` is the path's).
    private static let sourceFields = [
        "format", "path", "name", "title", "subtitle", "movement", "composers", "lyricists", "arrangers", "opus",
        "keysf", "keymi", "time", "tempo", "parts",
    ]

    static func source(_ value: LuaValue, label: String) throws(FormatError) -> NotationSource {
        guard let table = value.tableValue, table.array.isEmpty else {
            throw FormatError(text: "\(label) must be a table such as { title = \"Nocturne\", composers = { \"Chopin\" } }")
        }
        for key in table.fields.keys where !sourceFields.contains(key) {
            throw FormatError(text: "\(label) has an unknown field '\(key)' (known: \(sourceFields.joined(separator: ", ")))")
        }
        func text(_ field: String) throws(FormatError) -> String? {
            switch table[field] {
            case .nil: return nil
            case .string(let text): return text
            default: throw FormatError(text: "\(label).\(field) must be a string")
            }
        }
        func number(_ field: String) throws(FormatError) -> Int? {
            switch table[field] {
            case .nil: return nil
            case .integer(let number): return number
            default: throw FormatError(text: "\(label).\(field) must be a whole number")
            }
        }
        func names(_ field: String) throws(FormatError) -> [String] {
            table[field] == .nil ? [] : try strings(table[field], label: "\(label).\(field)")
        }
        let (givenPath, name) = (try text("path"), try text("name"))
        let path = givenPath ?? name ?? "score.musicxml"
        let format: NotationSource.Format
        if let named = try text("format") {
            guard let given = NotationSource.Format(rawValue: named) else {
                let formats = NotationSource.Format.allCases.map(\.rawValue).joined(separator: ", ")
                throw FormatError(text: "\(label).format must be one of \(formats)")
            }
            format = given
        } else {
            let name = FileFacts(path: path).name
            format = NotationSource.Format(rawValue: String(name.dropFirst(FileFacts.stem(of: name).count + 1)).lowercased()) ?? .musicXML
        }
        return NotationSource(
            format: format, path: path, title: try text("title"), subtitle: try text("subtitle"),
            movement: try text("movement"), composers: try names("composers"), lyricists: try names("lyricists"),
            arrangers: try names("arrangers"), opus: try text("opus"), keysf: try number("keysf"),
            keymi: try number("keymi"), time: try text("time"), tempo: try tempo(table["tempo"], label: "\(label).tempo"),
            parts: try parts(table["parts"], label: "\(label).parts"))
    }

    /// `tempo = { text = "Allegro", bpm = 120 }`, or just the words.
    private static func tempo(_ value: LuaValue, label: String) throws(FormatError) -> NotationSource.Tempo? {
        switch value {
        case .nil:
            return nil
        case .string(let text):
            return NotationSource.Tempo(text: text)
        case .table(let table) where table.array.isEmpty:
            let bpm: Double?
            switch table["bpm"] {
            case .nil: bpm = nil
            case .integer(let number): bpm = Double(number)
            case .number(let number): bpm = number
            default: throw FormatError(text: "\(label).bpm must be a number")
            }
            guard table["text"] == .nil || table["text"].stringValue != nil else {
                throw FormatError(text: "\(label).text must be a string")
            }
            return NotationSource.Tempo(text: table["text"].stringValue, quarterNotesPerMinute: bpm)
        default:
            throw FormatError(text: "\(label) must be a table such as { text = \"Allegro\", bpm = 120 }")
        }
    }

    private static func parts(_ value: LuaValue, label: String) throws(FormatError) -> [NotationSource.Part] {
        guard value != .nil else { return [] }
        guard let table = value.tableValue, table.fields.isEmpty else {
            throw FormatError(text: "\(label) must be a list of { name, instrument } tables")
        }
        var parts: [NotationSource.Part] = []
        for item in table.array {
            guard let part = item.tableValue, part["name"] == .nil || part["name"].stringValue != nil,
                part["instrument"] == .nil || part["instrument"].stringValue != nil
            else { throw FormatError(text: "\(label) items must be { name = \"…\", instrument = \"…\" } tables") }
            parts.append(NotationSource.Part(name: part["name"].stringValue, instrument: part["instrument"].stringValue))
        }
        return parts
    }

    static func pageText(_ value: LuaValue, label: String) throws(FormatError) -> PageText {
        guard let table = value.tableValue else {
            throw FormatError(text: "\(label) must be a list of { text, size, x, y } tables")
        }
        func number(_ value: LuaValue) -> Double? {
            switch value {
            case .integer(let number): Double(number)
            case .number(let number): number
            default: nil
            }
        }
        var lines: [PageTextLine] = []
        for item in table.array {
            guard let line = item.tableValue, let text = line["text"].stringValue, let size = number(line["size"]),
                let x = number(line["x"]), let y = number(line["y"])
            else { throw FormatError(text: "\(label) items need a text and the numbers size, x and y") }
            lines.append(PageTextLine(text: text, size: size, x: x, y: y))
        }
        for key in table.fields.keys where key != "width" && key != "height" {
            throw FormatError(text: "\(label) has an unknown field '\(key)' (known: width, height)")
        }
        guard table["width"] == .nil || number(table["width"]) != nil, table["height"] == .nil || number(table["height"]) != nil
        else { throw FormatError(text: "\(label).width and .height must be numbers") }
        return PageText(lines: lines, width: number(table["width"]) ?? 595, height: number(table["height"]) ?? 842)
    }
}
