import MetadataModel

/// The read-only facts of `score` (issue 4): `score.file` {path, name, stem, folder, pages},
/// `score.info` (every raw Info string) and `score.toc` (items {title, first_page,
/// last_page}). They are built on first use per score and made read-only by the prelude.
enum ScoreFacts {
    /// `facts(name)` → a fresh table for "file", "info" or "toc".
    static func facts(_ lua: LuaState, _ session: ScoreSession) -> LuaHostResult {
        guard let input = session.context?.input else { return .error(ScoreFields.inactive) }
        let value: LuaValue
        switch lua.string(at: 1) {
        case "file": value = file(input.file)
        case "info": value = info(input.info)
        case "toc": value = toc(input.toc)
        default: return .error("score has no such facts")
        }
        guard lua.push(value) else { return .error("score: the facts are too large") }
        return .values(1)
    }

    static func file(_ file: FileFacts) -> LuaValue {
        var table = LuaTable()
        table.fields = [
            "path": .string(file.path), "name": .string(file.name), "stem": .string(file.stem),
            "folder": .string(file.folder),
        ]
        if let pages = file.pages { table.fields["pages"] = .integer(pages) }
        return .table(table)
    }

    static func info(_ info: [String: String]) -> LuaValue {
        .table(LuaTable(fields: info.mapValues(LuaValue.string)))
    }

    static func toc(_ toc: [Bookmark]) -> LuaValue {
        .table(
            LuaTable(
                array: toc.map { item in
                    .table(
                        LuaTable(fields: [
                            "title": .string(item.title), "first_page": .integer(item.firstPage),
                            "last_page": .integer(item.lastPage),
                        ]))
                }))
    }
}
