import MetadataModel

/// Host functions behind the `tagrules` helper table (issue 4, "`tagrules` helpers"). They bind
/// the pure-Swift helpers (`KeyParser`, `TextNormalizer`, `PatternMatcher`, `TextSplitter`,
/// `DataFileLoader`) and charge the length of their input to the instruction budget.
///
/// A nil text is not an error: `key.parse`, `match` and `normalize` return nil and `split`
/// returns an empty list, so `tagrules.normalize(score.title)` works on untitled scores.
enum HelperFunctions {
    /// `key.parse(text)` → keysf, keymi, or nil when no key is found.
    static func parseKey(_ lua: LuaState) -> LuaHostResult {
        text(lua, "tagrules.key.parse") { text in KeyParser.parse(text).map { push($0, lua) } }
    }

    /// Pushes keysf and keymi of `key`; returns how many values that is.
    private static func push(_ key: Key, _ lua: LuaState) -> Int32 {
        lua.push(key.keysf)
        lua.push(key.keymi)
        return 2
    }

    /// `key.name(keysf, keymi)` → "E♭ major", or nil for numbers that name no key.
    static func keyName(_ lua: LuaState) -> LuaHostResult {
        guard lua.type(at: 1) == .number || lua.type(at: 1) == .nil,
            lua.type(at: 2) == .number || lua.type(at: 2) == .nil
        else { return .error("tagrules.key.name expects keysf and keymi, two whole numbers") }
        let key = lua.integer(at: 1).flatMap { keysf in lua.integer(at: 2).flatMap { Key(keysf: keysf, keymi: $0) } }
        lua.push(key?.name)
        return .values(1)
    }

    /// `normalize(s)` → the lookup form of `s` (`TextNormalizer.normalize`), folded from the
    /// Lua string's bytes and pushed from the key's; only text `TextNormalizer.withLatinKey`
    /// does not read becomes a String (invalid UTF-8 repaired, as `string(at:)` does).
    static func normalize(_ lua: LuaState) -> LuaHostResult {
        switch lua.type(at: 1) {
        case .nil, .none:
            lua.pushNil()
        case .string:
            let pushed = lua.withStringBytes(at: 1) { text -> Bool in
                guard lua.charge(text.count + normalizeCost) else { return false }
                if TextNormalizer.withLatinKey(of: text, { lua.push(bytes: $0) }) == nil {
                    lua.push(TextNormalizer.foldedKey(String(decoding: text, as: UTF8.self)))
                }
                return true
            }
            guard pushed == true else { return .values(0) }
        default:
            return .error("tagrules.normalize expects a string, got a \(lua.type(at: 1).name)")
        }
        return .values(1)
    }

    /// Budget units charged per string `TextNormalizer` folds, beside its length (a short name
    /// takes about as long as a few dozen Lua instructions).
    static let normalizeCost = 16

    /// `match(text, pattern)` → a table of the `%name%` captures, or nil.
    static func match(_ lua: LuaState, _ session: ScoreSession) -> LuaHostResult {
        guard lua.type(at: 2) == .string else {
            return .error("tagrules.match expects a pattern string such as \"%composer% - %title%\" as argument 2")
        }
        let pattern = lua.string(at: 2) ?? ""
        return text(lua, "tagrules.match", cost: matchCost(lua, pattern: pattern)) { text in
            guard let captures = PatternMatcher.match(text, pattern: pattern, cache: session.patterns) else { return nil }
            push(captures, lua)
            return 1
        }
    }

    /// Pushes the captures of a match as a table.
    private static func push(_ captures: [String: String], _ lua: LuaState) {
        lua.push(.table(LuaTable(fields: captures.mapValues(LuaValue.string))))
    }

    /// The work `PatternMatcher` may do, O(captures × length²), for the text at argument 1 and
    /// `pattern`.
    private static func matchCost(_ lua: LuaState, pattern: String) -> Int {
        let length = lua.stringLength(at: 1) ?? 0
        guard length <= 4 * PatternMatcher.maximumTextLength else { return 0 }  // never matched
        let signs = pattern.utf8.count { $0 == UInt8(ascii: "%") }
        return (signs / 2 + 1) * length * length / 16
    }

    /// `split(s [, sep])` → the trimmed, non-empty pieces of `s` between `sep` (default ",").
    static func split(_ lua: LuaState) -> LuaHostResult {
        let separator: String
        switch lua.type(at: 2) {
        case .nil, .none: separator = ","
        case .string: separator = lua.string(at: 2) ?? ","
        default: return .error("tagrules.split expects a separator string as argument 2")
        }
        if lua.type(at: 1) == .nil {
            lua.newTable()
            return .values(1)
        }
        return text(lua, "tagrules.split") { text in
            let pieces = TextSplitter.split(text, separator: separator)
            lua.push(.table(LuaTable(array: pieces.map(LuaValue.string))))
            return 1
        }
    }

    /// `log(message)`: a note in the report, with the rule and the calling line.
    static func log(_ lua: LuaState, _ session: ScoreSession) -> LuaHostResult {
        guard let message = lua.string(at: 1) else { return .error("tagrules.log expects a string") }
        guard let context = session.context else { return .values(0) }
        let location = lua.callerLocation()
        context.log(String(message.prefix(session.limits.textBytes)), file: location?.source, line: location?.line)
        return .values(0)
    }

    /// `data_open(folder, name)` → a handle for the data file `name` of rules folder `folder`
    /// (1-based), parsed (once per rule set, by `cache`) and kept in `opened`. `tagrules.data`
    /// builds its view on it.
    ///
    /// A data file that cannot be used fails the call with code `data-file` (`io` when it cannot
    /// be read): the message names the file as the rule wrote it, relative to its rules folder,
    /// and the failure is placed at the call, in the rule file that made it.
    static func openData(
        _ lua: LuaState, folders: [RulesFolder], session: ScoreSession, cache: DataCache, opened: OpenDataTables
    ) -> LuaHostResult {
        guard let folder = RulesFolder.argument(lua, at: 1, of: folders) else { return .error("tagrules.data: no such rules folder") }
        guard let name = lua.string(at: 2) else { return .error("tagrules.data expects a file name such as \"eras.csv\"") }
        let table: DataTable
        do {
            let url = try folder.checkedURL(try folder.dataPath(name))
            table = try cache.table(at: url).get()
        } catch {
            let place = error.line.map { "\(name), line \($0)" } ?? name
            let message = "\(place): \(error.message)"
            session.hostError = RuleError(error.code == .io ? .io : .dataFile, message)
            return .error(message)
        }
        lua.push(opened.add(table))
        return .values(1)
    }

    /// `data_row(handle, key, view)` → the row of normalized `key` as a read-only table, or nil:
    /// what `tagrules.data(name)[key]` gives, read on demand (a rule looks up a few keys of a
    /// file that may have thousands of rows). `view` names the table in messages
    /// (`tagrules.data("eras.csv")`).
    static func dataRow(_ lua: LuaState, opened: OpenDataTables) -> LuaHostResult {
        guard let table = lua.integer(at: 1).flatMap(opened.table) else { return .error("tagrules.data: no such table") }
        guard lua.charge(1), let key = lua.string(at: 2), let number = table.rowNumber(normalizedKey: key) else {
            lua.pushNil()
            return .values(1)
        }
        guard lua.ensureStack(4) else { return .error("tagrules.data: out of stack") }
        let cells = table.cells(ofRow: number)
        lua.newTable(fieldCount: cells.count)
        for cell in cells {
            lua.push(table.names[cell.name])
            lua.push(cell.value)
            lua.rawSet(at: -3)
        }
        lua.makeReadOnly(named: "\(lua.string(at: 3) ?? "tagrules.data")[\"\(key)\"]")
        return .values(1)
    }

    /// `data_all(handle, view)` → every row of the table, by normalized key: a read-only view of
    /// read-only rows (for `pairs` over `tagrules.data(name)`). `view` names it in messages.
    static func allData(_ lua: LuaState, opened: OpenDataTables) -> LuaHostResult {
        guard let table = lua.integer(at: 1).flatMap(opened.table) else { return .error("tagrules.data: no such table") }
        guard lua.charge(table.count) else { return .values(0) }
        // Room for the table, a row's key, the row, a value and its key (and the view's
        // metatable, which makeReadOnly pushes).
        guard lua.ensureStack(6) else { return .error("tagrules.data: the table is too large") }
        // Each column name is made a Lua string once, not once per row; each row and then the
        // table are made read-only views here. Keys are pushed before their values, so that one
        // raw set stores each without moving them. Rows go in file order.
        let names = table.names.map { name in
            lua.push(name)
            return lua.ref()
        }
        defer { names.forEach(lua.release) }
        let view = lua.string(at: 2) ?? "tagrules.data"
        lua.newTable(fieldCount: table.count)
        for (number, key) in table.keys.enumerated() {
            lua.push(key)
            let cells = table.cells(ofRow: number)
            lua.newTable(fieldCount: cells.count)
            for cell in cells {
                lua.push(names[cell.name])
                lua.push(cell.value)
                lua.rawSet(at: -3)
            }
            lua.makeReadOnly(named: "\(view)[\"\(key)\"]")
            lua.rawSet(at: -3)
        }
        lua.makeReadOnly(named: view)
        return .values(1)
    }

    /// Runs `body` on the text argument 1 (nil → returns nil), after charging its length plus
    /// `cost` to the budget. `body` returns the number of results it pushed, or nil for none.
    private static func text(
        _ lua: LuaState, _ name: String, cost: Int = 0, _ body: (String) -> Int32?
    ) -> LuaHostResult {
        switch lua.type(at: 1) {
        case .nil, .none:
            lua.pushNil()
            return .values(1)
        case .string:
            guard let text = lua.string(at: 1) else { return .values(0) }
            guard lua.charge(text.utf8.count + cost) else { return .values(0) }
            guard let count = body(text) else {
                lua.pushNil()
                return .values(1)
            }
            return .values(count)
        default:
            return .error("\(name) expects a string, got a \(lua.type(at: 1).name)")
        }
    }
}
