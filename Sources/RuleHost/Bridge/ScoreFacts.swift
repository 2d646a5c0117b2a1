import MetadataModel

/// The read-only facts of `score` (issue 4): `score.file` {path, name, stem, folder, pages},
/// `score.info` (every raw Info string) and `score.toc` (items {title, first_page,
/// last_page}). They are built on first use per score, as read-only views (`readonly`) of
/// fresh tables, nested tables included.
enum ScoreFacts {
    /// The three facts, by their field name.
    enum Name: Int, CaseIterable {
        case file, info, toc

        /// The name as Lua writes it.
        var text: String {
            switch self {
            case .file: "file"
            case .info: "info"
            case .toc: "toc"
            }
        }
    }

    /// The field names of the `file` and `toc` tables, as Lua strings made once per state:
    /// pushing a registry reference skips hashing and looking up the name for every score.
    struct Keys {
        let path, name, stem, folder, pages: LuaRef
        let title, firstPage, lastPage: LuaRef

        /// Interns the names in `lua`.
        init(in lua: LuaState) {
            func intern(_ name: String) -> LuaRef {
                lua.push(name)
                return lua.ref()
            }
            (path, name, stem, folder, pages) = (intern("path"), intern("name"), intern("stem"), intern("folder"), intern("pages"))
            (title, firstPage, lastPage) = (intern("title"), intern("first_page"), intern("last_page"))
        }
    }

    /// Pushes a fresh read-only view of fact `name` of the score of `context`.
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
        }
    }

    /// `score.file`: the five facts in a read-only view.
    private static func push(_ file: FileFacts, _ lua: LuaState, _ keys: Keys) {
        lua.newTable(fieldCount: 5)
        for (key, value) in [(keys.path, file.path), (keys.name, file.name), (keys.stem, file.stem), (keys.folder, file.folder)] {
            lua.push(value)
            lua.rawSet(-2, key: key)
        }
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
