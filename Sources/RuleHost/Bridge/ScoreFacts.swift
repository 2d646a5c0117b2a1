import MetadataModel

/// The read-only facts of `score` (issue 4): `score.file` {path, name, stem, folder, pages},
/// `score.info` (every raw Info string) and `score.toc` (items {title, first_page,
/// last_page}). They are built on first use per score and made read-only by the prelude.
enum ScoreFacts {
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

    /// `facts(name)` → a fresh table for "file", "info" or "toc".
    static func facts(_ lua: LuaState, _ session: ScoreSession, _ keys: Keys) -> LuaHostResult {
        guard let input = session.context?.input else { return .error(ScoreFields.inactive) }
        switch lua.string(at: 1) {
        case "file": push(input.file, lua, keys)
        case "info": push(input.info, lua)
        case "toc": push(input.toc, lua, keys)
        default: return .error("score has no such facts")
        }
        return .values(1)
    }

    private static func push(_ file: FileFacts, _ lua: LuaState, _ keys: Keys) {
        lua.newTable(fieldCount: 5)
        lua.push(file.path)
        lua.rawSet(-2, key: keys.path)
        lua.push(file.name)
        lua.rawSet(-2, key: keys.name)
        lua.push(file.stem)
        lua.rawSet(-2, key: keys.stem)
        lua.push(file.folder)
        lua.rawSet(-2, key: keys.folder)
        lua.push(file.pages)
        lua.rawSet(-2, key: keys.pages)
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
            lua.rawSet(-2, index: index + 1)
        }
    }
}
