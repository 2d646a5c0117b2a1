import MetadataModel

/// Host functions behind the list objects `score.composers`, `score.genres`, `score.tags` and
/// `score.labels` (issue 4: `#`, `[i]`, `ipairs`, `:add(v)` without duplicates, `:remove(v)`,
/// `:has(v)`, `:clear()`, assignment of a plain array). `add`, `remove` and `has` compare the
/// values forScore reads (``ForScoreCodec/splitList(_:)``): `:add("piano, solo")` adds `piano`
/// and `solo` unless there, so a second call adds nothing. Argument 1 is the list object itself
/// (the `self` of its metamethods and methods), known by `ScoreListObjects`; for `assign` it is
/// the field name.
///
/// Entries compare like `tagrules.normalize` (case, diacritics, punctuation): `:has("chopin")`
/// finds "Chopin", `:add("Frederic Chopin")` does nothing when "Frédéric Chopin" is there, and
/// `:remove` removes every entry that compares equal. Each call charges its comparisons and
/// normalizations to the instruction budget (`HelperFunctions.normalizeCost` per string).
enum ScoreLists {
    /// `len(list)` (`#list`) → the number of entries.
    static func length(_ lua: LuaState, _ session: ScoreSession, _ lists: ScoreListObjects) -> LuaHostResult {
        field(lua, session, lists) { field in
            lua.push(session.metadata[list: field].count)
            return .values(1)
        }
    }

    /// `index(list, key)` (`list[key]`): for a number, entry `key` (1-based) or nil; for any
    /// other key, the method of that name in `methods` (`add` …) or nil, as a table would.
    static func index(
        _ lua: LuaState, _ session: ScoreSession, _ lists: ScoreListObjects, methods: LuaRef
    ) -> LuaHostResult {
        guard lua.type(at: 2) == .number else {
            lua.push(methods)
            lua.pushValue(at: 2)
            lua.rawGet(at: -2)
            return .values(1)
        }
        return item(lua, session, lists)
    }

    /// Entry `i` (argument 2, 1-based) of the list, or nil.
    private static func item(_ lua: LuaState, _ session: ScoreSession, _ lists: ScoreListObjects) -> LuaHostResult {
        field(lua, session, lists) { field in
            let list = session.metadata[list: field]
            if let index = lua.integer(at: 2), index >= 1, index <= list.count {
                lua.push(list[index - 1])
            } else {
                lua.pushNil()
            }
            return .values(1)
        }
    }

    /// `add(field, value)` → true when something was added, false when equal entries were
    /// there. A value with commas adds the values forScore reads from it (`"piano, solo"` adds
    /// `piano` and `solo`), so that adding it twice adds nothing the second time.
    static func add(_ lua: LuaState, _ session: ScoreSession, _ lists: ScoreListObjects) -> LuaHostResult {
        field(lua, session, lists) { field in
            func refusal() -> LuaHostResult {
                .error("\(field.rawValue):add expects a non-empty string, got \(refused(lua, at: 2, limit: session.limits.textBytes))")
            }
            guard let value = entry(lua, at: 2, session) else { return refusal() }
            guard let (list, pieces) = compared(value, with: field, lua, session) else { return .values(0) }
            guard !pieces.isEmpty else { return refusal() }
            var known = Set(list.map(\.key))
            let added = pieces.filter { known.insert($0.key).inserted }.map(\.value)
            guard list.count + added.count <= session.limits.listEntries else {
                return .error("score.\(field.rawValue) holds at most \(session.limits.listEntries) entries")
            }
            if !added.isEmpty { session.edit { $0[list: field] = list.map(\.value) + added } }
            lua.push(!added.isEmpty)
            return .values(1)
        }
    }

    /// `remove(field, value)` → true when an entry was removed; a value with commas removes
    /// each value forScore reads from it.
    static func remove(_ lua: LuaState, _ session: ScoreSession, _ lists: ScoreListObjects) -> LuaHostResult {
        field(lua, session, lists) { field in
            guard let value = lua.string(at: 2) else {
                return .error("\(field.rawValue):remove expects a string, got a \(lua.type(at: 2).name)")
            }
            guard let (list, pieces) = compared(value, with: field, lua, session) else { return .values(0) }
            let removed = Set(pieces.map(\.key))
            let kept = list.filter { !removed.contains($0.key) }.map(\.value)
            if kept.count != list.count { session.edit { $0[list: field] = kept } }
            lua.push(kept.count != list.count)
            return .values(1)
        }
    }

    /// `has(field, value)` → whether an equal entry is there (for a value with commas, one for
    /// each value forScore reads from it).
    static func has(_ lua: LuaState, _ session: ScoreSession, _ lists: ScoreListObjects) -> LuaHostResult {
        field(lua, session, lists) { field in
            guard let value = lua.string(at: 2) else {
                return .error("\(field.rawValue):has expects a string, got a \(lua.type(at: 2).name)")
            }
            guard let (list, pieces) = compared(value, with: field, lua, session) else { return .values(0) }
            let present = Set(list.map(\.key))
            lua.push(!pieces.isEmpty && pieces.allSatisfy { present.contains($0.key) })
            return .values(1)
        }
    }

    /// `clear(field)`: removes every entry.
    static func clear(_ lua: LuaState, _ session: ScoreSession, _ lists: ScoreListObjects) -> LuaHostResult {
        field(lua, session, lists) { field in
            session.edit { $0[list: field] = [] }
            return .values(0)
        }
    }

    /// `assign(field, value)`: `score.genres = {"a", "b"}` (items 1…#t, which must be strings;
    /// equal entries after the first are dropped), `= nil` (clears), `= score.composers` (a
    /// list object: its entries are copied) or `= score.source.composers` (a read-only view:
    /// read as the table it shows).
    static func assign(
        _ lua: LuaState, _ session: ScoreSession, _ lists: ScoreListObjects, _ names: LuaNames<ScoreFields.Name>
    ) -> LuaHostResult {
        guard session.context != nil else { return .error(ScoreFields.inactive) }
        guard case .field(let field)? = names.value(at: 1, in: lua), field.kind == .list else {
            return .error("not a list of score; call list methods with ':' (score.genres:add(\"x\"))")
        }
        if let source = lists.field(at: 2, in: lua) {
            session.edit { $0[list: field] = $0[list: source] }
            return .values(0)
        }
        // A read-only list of the host's (`score.source.composers`) is read as the table it shows.
        _ = lua.unwrapReadOnlyView(at: 2)
        switch lua.type(at: 2) {
        case .nil, .none:
            session.edit { $0[list: field] = [] }
            return .values(0)
        case .table:
            break
        default:
            return .error("score.\(field.rawValue) takes a list of strings, got a \(lua.type(at: 2).name)")
        }
        let count = lua.rawLength(at: 2)
        guard count <= session.limits.listEntries else {
            return .error("score.\(field.rawValue) holds at most \(session.limits.listEntries) entries")
        }
        var values: [String] = []
        for index in stride(from: 1, through: count, by: 1) {
            lua.rawGet(2, index: index)
            defer { lua.pop() }
            guard let value = entry(lua, at: -1, session) else {
                let got = refused(lua, at: -1, limit: session.limits.textBytes)
                return .error("score.\(field.rawValue)[\(index)] must be a non-empty string, got \(got)")
            }
            values.append(value)
        }
        guard let keys = keys(lua, session, values) else { return .values(0) }
        var seen: Set<String> = []
        let kept = zip(values, keys).filter { seen.insert($0.1).inserted }.map(\.0)
        session.edit { $0[list: field] = kept }
        return .values(0)
    }

    /// What `add`, `remove` and `has` compare: the values forScore reads from the list `field`
    /// and from `value` (``ForScoreCodec/splitList(_:)``), each with its normalized form,
    /// charged to the budget; nil once the budget is spent.
    private static func compared(
        _ value: String, with field: MetadataField, _ lua: LuaState, _ session: ScoreSession
    ) -> (list: [(value: String, key: String)], pieces: [(value: String, key: String)])? {
        let list = session.metadata[list: field].flatMap(ForScoreCodec.splitList)
        let pieces = ForScoreCodec.splitList(value)
        guard let keys = keys(lua, session, list + pieces) else { return nil }
        let keyed = zip(list + pieces, keys).map { (value: $0.0, key: $0.1) }
        return (Array(keyed.prefix(list.count)), Array(keyed.dropFirst(list.count)))
    }

    /// The normalized forms of `values`, charged to the budget; nil once the budget is spent.
    private static func keys(_ lua: LuaState, _ session: ScoreSession, _ values: [String]) -> [String]? {
        guard lua.charge(normalizationCost(of: values)) else { return nil }
        return values.map(TextNormalizer.normalize)
    }

    /// What normalizing `values` is charged: each one's length and a fixed cost.
    private static func normalizationCost(of values: [String]) -> Int {
        values.reduce(0) { $0 + $1.utf8.count + HelperFunctions.normalizeCost }
    }

    /// Runs `body` with the field of the list object at argument 1, once `score` is usable.
    private static func field(
        _ lua: LuaState, _ session: ScoreSession, _ lists: ScoreListObjects, _ body: (MetadataField) -> LuaHostResult
    ) -> LuaHostResult {
        guard session.context != nil else { return .error(ScoreFields.inactive) }
        guard let field = lists.field(at: 1, in: lua) else {
            return .error("not a list of score; call list methods with ':' (score.genres:add(\"x\"))")
        }
        return body(field)
    }

    /// The string at `index` if it is a non-blank string within the text limit.
    private static func entry(_ lua: LuaState, at index: Int32, _ session: ScoreSession) -> String? {
        guard let length = lua.stringLength(at: index), length <= session.limits.textBytes,
            let value = lua.string(at: index), !value.isBlank
        else { return nil }
        return value
    }

    /// Why `entry` refused the value at `index`: "a table", "a blank string", "a string of
    /// 20000 bytes (the limit is 16384)".
    private static func refused(_ lua: LuaState, at index: Int32, limit: Int) -> String {
        let type = lua.type(at: index)
        guard type == .string, let length = lua.stringLength(at: index) else { return "a \(type.name)" }
        return length > limit ? "a string of \(length) bytes (the limit is \(limit))" : "a blank string"
    }
}
