import MetadataModel

/// The read-only facts of `score` (issue 4): `score.file` {path, name, stem, folder, pages},
/// `score.info` (every raw Info string) and `score.toc` (items {title, first_page,
/// last_page}). They are built on first use per score and made read-only by the prelude.
enum ScoreFacts {
    /// `facts(name)` → a fresh table for "file", "info" or "toc".
    static func facts(_ lua: LuaState, _ session: ScoreSession) -> LuaHostResult {
        guard let input = session.context?.input else { return .error(ScoreFields.inactive) }
        switch lua.string(at: 1) {
        case "file": push(input.file, lua)
        case "info": push(input.info, lua)
        case "toc": push(input.toc, lua)
        default: return .error("score has no such facts")
        }
        return .values(1)
    }

    private static func push(_ file: FileFacts, _ lua: LuaState) {
        lua.newTable(fieldCount: 5)
        for (key, value) in [("path", file.path), ("name", file.name), ("stem", file.stem), ("folder", file.folder)] {
            lua.push(value)
            lua.rawSet(-2, field: key)
        }
        lua.push(file.pages)
        lua.rawSet(-2, field: "pages")
    }

    private static func push(_ info: [String: String], _ lua: LuaState) {
        lua.newTable(fieldCount: info.count)
        for (key, value) in info {
            lua.push(value)
            lua.rawSet(-2, field: key)
        }
    }

    private static func push(_ toc: [Bookmark], _ lua: LuaState) {
        lua.newTable(arrayCount: toc.count)
        for (index, item) in toc.enumerated() {
            lua.newTable(fieldCount: 3)
            lua.push(item.title)
            lua.rawSet(-2, field: "title")
            lua.push(item.firstPage)
            lua.rawSet(-2, field: "first_page")
            lua.push(item.lastPage)
            lua.rawSet(-2, field: "last_page")
            lua.rawSet(-2, index: index + 1)
        }
    }
}
