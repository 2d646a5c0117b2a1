import MetadataModel

/// The read-only facts of `score` (issue 4): `score.file` {path, name, stem, folder, pages},
/// `score.info` (every raw Info string) and `score.toc` (items {title, first_page,
/// last_page}). They are built on first use per score, as read-only views (`readonly`) of
/// fresh tables, nested tables included; `score.file` of a split path is a file view, which
/// acts as one (`LuaState.makeFileView`).
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
        /// The function a file view calls with its path when a rule first asks for its deferred
        /// page count (`DeferredDocumentFacts`).
        let pagesReader: LuaRef

        /// Interns the names in `lua`, and makes the page count reader of `session`'s scores.
        init(in lua: LuaState, session: ScoreSession) {
            func intern(_ name: String) -> LuaRef {
                lua.push(name)
                return lua.ref()
            }
            (path, name, stem, folder, pages) = (intern("path"), intern("name"), intern("stem"), intern("folder"), intern("pages"))
            (title, firstPage, lastPage) = (intern("title"), intern("first_page"), intern("last_page"))
            lua.push { lua in
                guard let context = session.context, let path = lua.string(at: 1) else {
                    return .error("score.file: the page count can only be read while a rule runs")
                }
                lua.push(context.pages(of: path))
                return .values(1)
            }
            pagesReader = lua.ref()
        }
    }

    /// Pushes a fresh read-only view of fact `name` of the score of `context`.
    static func push(_ name: Name, of context: RuleContext, _ lua: LuaState, _ keys: Keys) {
        switch name {
        case .file:
            push(context.input.file, deferringPages: context.deferred?.pages == true, of: context, lua, keys)
        case .info:
            push(context.input.info, lua)
            lua.makeReadOnly()
        case .toc:
            push(context.toc, lua, keys)
            lua.makeReadOnly()
        }
    }

    /// `score.file`. Facts `FileFacts(path:)` made keep the path and where it splits: they
    /// become a file view (`makeFileView`), which makes `path`, `name`, `stem` and `folder`
    /// from the path's bytes only when a rule reads them (most read the name or the stem, one
    /// score after another), and reads a deferred page count (`deferringPages`) only when a rule
    /// asks for it. Facts given part by part become a read-only view of the five.
    private static func push(
        _ file: FileFacts, deferringPages: Bool, of context: RuleContext, _ lua: LuaState, _ keys: Keys
    ) {
        lua.newTable(fieldCount: 5)
        // Key, then value, then one raw set: no rotation of the stack per field.
        func set(_ key: LuaRef, _ value: String) {
            lua.push(key)
            lua.push(value)
            lua.rawSet(at: -3)
        }
        let viewed: Void? = file.withSplitPath { bytes, split in
            if !deferringPages {
                lua.push(keys.pages)
                lua.push(file.pages)
                lua.rawSet(at: -3)
            }
            lua.makeFileView(
                path: bytes, nameStart: split.nameStart, stemEnd: split.stemEnd,
                pagesReader: deferringPages ? keys.pagesReader : nil)
        }
        guard viewed == nil else { return }
        lua.push(keys.pages)
        lua.push(deferringPages ? context.pages(of: file.path) : file.pages)
        lua.rawSet(at: -3)
        set(keys.path, file.path)
        set(keys.name, file.name)
        set(keys.stem, file.stem)
        set(keys.folder, file.folder)
        lua.makeReadOnly()
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
            lua.makeReadOnly()
            lua.rawSet(-2, index: index + 1)
        }
    }
}
