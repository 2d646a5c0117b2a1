import MetadataModel

/// The read-only facts of `score` (issue 4): `score.file` {path, name, stem, folder, pages},
/// `score.info` (every raw Info string) and `score.toc` (items {title, first_page,
/// last_page}); and (issue 27) `score.source`, the notation file beside the PDF, and
/// `score.text`, the first page's lines. They are built on first use per score, as read-only
/// views (`readonly`) of fresh tables, nested tables included.
enum ScoreFacts {
    /// The facts, by their field name.
    enum Name: Int, CaseIterable {
        case file, info, toc, source, text

        /// The name as Lua writes it.
        var text: String {
            switch self {
            case .file: "file"
            case .info: "info"
            case .toc: "toc"
            case .source: "source"
            case .text: "text"
            }
        }

        /// Whether the fact comes from the score's ``ScoreDocument``: read on first use, and
        /// noted as read by every rule that reads it (``RuleContext/reads``).
        var isFromDocument: Bool { self == .source || self == .text }
    }

    /// The field names of the `file`, `toc` and `text` tables, as Lua strings made once per
    /// state: pushing a registry reference skips hashing and looking up the name for every score.
    struct Keys {
        let path, name, stem, folder, pages: LuaRef
        let title, firstPage, lastPage: LuaRef
        let text, size, x, y: LuaRef

        /// Interns the names in `lua`.
        init(in lua: LuaState) {
            func intern(_ name: String) -> LuaRef {
                lua.push(name)
                return lua.ref()
            }
            (path, name, stem, folder, pages) = (intern("path"), intern("name"), intern("stem"), intern("folder"), intern("pages"))
            (title, firstPage, lastPage) = (intern("title"), intern("first_page"), intern("last_page"))
            (text, size, x, y) = (intern("text"), intern("size"), intern("x"), intern("y"))
        }
    }

    /// Notes that the running rule read document fact `name` whose Lua value is already built
    /// (`RuleContext.reads`), as building it did for the rule that read it first.
    static func noteRead(_ name: Name, of context: RuleContext) {
        switch name {
        case .source: _ = context.notationSource()
        case .text: _ = context.firstPageText()
        case .file, .info, .toc: break
        }
    }

    /// Pushes a fresh read-only view of fact `name` of the score of `context` (nil for a
    /// document fact the score does not have).
    static func push(_ name: Name, of context: RuleContext, _ lua: LuaState, _ keys: Keys) {
        switch name {
        case .file:
            push(context.input.file, lua, keys)
        case .info:
            push(context.input.info, lua)
            lua.makeReadOnly(named: "score.info")
        case .toc:
            push(context.input.toc, lua, keys)
            lua.makeReadOnly(named: "score.toc")
        case .source:
            guard let source = context.notationSource() else { return lua.pushNil() }
            push(source, lua, keys)
        case .text:
            guard let text = context.firstPageText() else { return lua.pushNil() }
            push(text, lua, keys)
        }
    }

    /// `score.file`: the five facts in a read-only view.
    private static func push(_ file: FileFacts, _ lua: LuaState, _ keys: Keys) {
        lua.newTable(fieldCount: 5)
        func set(_ value: String, at key: LuaRef) {
            lua.push(value)
            lua.rawSet(-2, key: key)
        }
        set(file.path, at: keys.path)
        set(file.name, at: keys.name)
        set(file.stem, at: keys.stem)
        set(file.folder, at: keys.folder)
        lua.push(file.pages)
        lua.rawSet(-2, key: keys.pages)
        lua.makeReadOnly(named: "score.file")
    }

    private static func push(_ info: [String: String], _ lua: LuaState) {
        lua.newTable(fieldCount: info.count)
        for (key, value) in info {
            lua.push(value)
            lua.rawSet(-2, field: key)
        }
    }

    private static func push(_ toc: [Bookmark], _ lua: LuaState, _ keys: Keys) {
        lua.newTable(arrayCount: toc.count)
        for (index, item) in toc.enumerated() {
            lua.newTable(fieldCount: 3)
            lua.push(item.title)
            lua.rawSet(-2, key: keys.title)
            lua.push(item.firstPage)
            lua.rawSet(-2, key: keys.firstPage)
            lua.push(item.lastPage)
            lua.rawSet(-2, key: keys.lastPage)
            lua.makeReadOnly(named: "score.toc[\(index + 1)]")
            lua.rawSet(-2, index: index + 1)
        }
    }
}

extension ScoreFacts {
    /// `score.source`: `{format, path, name, title, subtitle, movement, composers, lyricists,
    /// arrangers, opus, keysf, keymi, time, tempo = {text, bpm}, parts = {{name, instrument}}}`.
    private static func push(_ source: NotationSource, _ lua: LuaState, _ keys: Keys) {
        lua.newTable(fieldCount: 15)
        func set(_ field: String, _ value: String?) {
            lua.push(value)
            lua.rawSet(-2, field: field)
        }
        set("format", source.format.rawValue)
        lua.push(source.path)
        lua.rawSet(-2, key: keys.path)
        lua.push(FileFacts(path: source.path).name)
        lua.rawSet(-2, key: keys.name)
        lua.push(source.title)
        lua.rawSet(-2, key: keys.title)
        set("subtitle", source.subtitle)
        set("movement", source.movement)
        for (field, names) in [("composers", source.composers), ("lyricists", source.lyricists), ("arrangers", source.arrangers)] {
            pushList(names, lua, named: "score.source.\(field)")
            lua.rawSet(-2, field: field)
        }
        set("opus", source.opus)
        lua.push(source.keysf)
        lua.rawSet(-2, field: "keysf")
        lua.push(source.keymi)
        lua.rawSet(-2, field: "keymi")
        set("time", source.time)
        if let tempo = source.tempo {
            lua.newTable(fieldCount: 2)
            set("text", tempo.text)
            if let bpm = tempo.quarterNotesPerMinute {
                lua.push(bpm)
                lua.rawSet(-2, field: "bpm")
            }
            lua.makeReadOnly(named: "score.source.tempo")
            lua.rawSet(-2, field: "tempo")
        }
        lua.newTable(arrayCount: source.parts.count)
        for (index, part) in source.parts.enumerated() {
            lua.newTable(fieldCount: 2)
            lua.push(part.name)
            lua.rawSet(-2, key: keys.name)
            set("instrument", part.instrument)
            lua.makeReadOnly(named: "score.source.parts[\(index + 1)]")
            lua.rawSet(-2, index: index + 1)
        }
        lua.makeReadOnly(named: "score.source.parts")
        lua.rawSet(-2, field: "parts")
        lua.makeReadOnly(named: "score.source")
    }

    /// `score.text`: the lines top to bottom, each `{text, size, x, y}` (points; y from the
    /// page's top edge), and the page's `width` and `height`.
    private static func push(_ page: PageText, _ lua: LuaState, _ keys: Keys) {
        lua.newTable(arrayCount: page.lines.count, fieldCount: 2)
        for (index, line) in page.lines.enumerated() {
            lua.newTable(fieldCount: 4)
            lua.push(line.text)
            lua.rawSet(-2, key: keys.text)
            lua.push(line.size)
            lua.rawSet(-2, key: keys.size)
            lua.push(line.x)
            lua.rawSet(-2, key: keys.x)
            lua.push(line.y)
            lua.rawSet(-2, key: keys.y)
            lua.makeReadOnly(named: "score.text[\(index + 1)]")
            lua.rawSet(-2, index: index + 1)
        }
        lua.push(page.width)
        lua.rawSet(-2, field: "width")
        lua.push(page.height)
        lua.rawSet(-2, field: "height")
        lua.makeReadOnly(named: "score.text")
    }

    /// A read-only array of strings.
    private static func pushList(_ items: [String], _ lua: LuaState, named name: String) {
        lua.newTable(arrayCount: items.count)
        for (index, item) in items.enumerated() {
            lua.push(item)
            lua.rawSet(-2, index: index + 1)
        }
        lua.makeReadOnly(named: name)
    }
}
