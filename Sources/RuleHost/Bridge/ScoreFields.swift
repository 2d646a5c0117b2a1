import MetadataModel

/// Host functions behind `score.title`, the number fields and `score.key` (issue 4, "score
/// fields"). Each reads its arguments from the Lua stack and answers with a status; errors are
/// one line naming the field and what was wrong.
enum ScoreFields {
    static let inactive = "score can only be used while a rule's apply runs"

    /// What a name given to `index` or `set` stands for.
    enum Name {
        case fact(ScoreFacts.Name)
        case field(MetadataField)
        case key

        /// Every name, as `LuaNames` interns them once per state, in the order it compares them:
        /// the scalar fields and `key` first (nearly every `index` and `set` asks for one), then
        /// the facts (`index` builds each once per score), then the lists (which `score`'s
        /// `__index` table answers itself; only list assignment asks for them).
        static var all: [(name: String, value: Name)] {
            let fields = MetadataField.allCases.map { ($0.rawValue, Name.field($0)) }
            let isList: ((String, Name)) -> Bool = { if case .field(let field) = $0.1 { field.kind == .list } else { false } }
            return fields.filter { !isList($0) } + [("key", .key)] + ScoreFacts.Name.allCases.map { ($0.text, .fact($0)) }
                + fields.filter(isList)
        }
    }

    /// `index(known, name)`, the `__index` of the table behind `score` (which holds the lists
    /// and the facts already built): a fact (`file`, `info`, `toc`) is built, stored in `known`
    /// for the rest of the score and returned; `source` and `text` are built once per score
    /// and kept in the session, and each read is noted for the running rule; a scalar field
    /// (`title`, `rating` … `keymi`, `key`) is read.
    static func index(
        _ lua: LuaState, _ session: ScoreSession, _ names: LuaNames<Name>, _ keys: ScoreFacts.Keys
    ) -> LuaHostResult {
        // Tested, not bound: only a fact needs the context, and binding it would retain it.
        guard session.context != nil else { return .error(inactive) }
        switch names.value(at: 2, in: lua) {
        case .fact(let fact)? where fact.isFromDocument:
            // Not kept in `known`: every read comes here, so that each rule that reads the fact
            // is noted as having read it (`RuleContext.reads`). Built once per score.
            guard let context = session.context, lua.ensureStack(10) else {
                return .error("score: cannot build score.\(fact.text)")
            }
            if let built = session.documentFacts[fact] {
                ScoreFacts.noteRead(fact, of: context)
                lua.push(built)
            } else {
                ScoreFacts.push(fact, of: context, lua, keys)
                if lua.type(at: -1) != .nil {
                    lua.pushValue(at: -1)
                    session.documentFacts[fact] = lua.ref()
                }
            }
        case .fact(let fact)?:
            guard let context = session.context, lua.type(at: 1) == .table, lua.ensureStack(6) else {
                return .error("score: cannot build score.\(fact.text)")
            }
            ScoreFacts.push(fact, of: context, lua, keys)
            lua.pushValue(at: 2)
            lua.pushValue(at: -2)
            lua.rawSet(at: 1)
            session.builtFacts.append(fact)
        case .field(.title)?:
            lua.push(session.metadata.title)
        case .field(let field)? where field.kind == .number:
            lua.push(session.metadata[number: field])
        case .key?:
            lua.push(session.metadata.key?.name)
        default:
            return noField(lua, at: 2)
        }
        return .values(1)
    }

    /// `set(name, value)`: sets a scalar field, checking the value's type.
    static func set(_ lua: LuaState, _ session: ScoreSession, _ names: LuaNames<Name>) -> LuaHostResult {
        guard session.context != nil else { return .error(inactive) }
        switch names.value(at: 1, in: lua) {
        case .field(.title)?:
            return setTitle(lua, session)
        case .field(let field)? where field.kind == .number:
            switch integerArgument(lua, at: 2, what: "score.\(field.rawValue)") {
            case .success(let value):
                session.edit { $0[number: field] = value }
                return .values(0)
            case .failure(let message):
                return .error(message.text)
            }
        case .key?:
            return setKey(lua, session)
        default:
            return noField(lua, at: 1)
        }
    }

    /// The error for a name at `index` that is no scalar field of `score`.
    private static func noField(_ lua: LuaState, at index: Int32) -> LuaHostResult {
        guard let name = lua.string(at: index) else { return .error("score: field names are strings") }
        return .error("score has no field \(quoted(name))")
    }

    private static func setTitle(_ lua: LuaState, _ session: ScoreSession) -> LuaHostResult {
        switch lua.type(at: 2) {
        case .nil, .none:
            session.edit { $0.title = nil }
        case .string:
            guard let length = lua.stringLength(at: 2), length <= session.limits.textBytes else {
                return .error("score.title is longer than \(session.limits.textBytes) bytes")
            }
            let title = lua.string(at: 2)
            session.edit { $0.title = title }
        default:
            return .error("score.title must be a string or nil, got a \(lua.type(at: 2).name)")
        }
        return .values(0)
    }

    /// `score.key = "E♭ major"`: a key name (`Key(name:)`), else any text the key parser reads
    /// (`"Es-Dur"`, `"in Eb"`); nil clears both `keysf` and `keymi`.
    private static func setKey(_ lua: LuaState, _ session: ScoreSession) -> LuaHostResult {
        switch lua.type(at: 2) {
        case .nil, .none:
            session.edit { $0.key = nil }
        case .string:
            let text = lua.string(at: 2) ?? ""
            guard lua.charge(text.utf8.count) else { return .values(0) }
            guard let key = Key(name: text) ?? KeyParser.parse(text) else {
                return .error("score.key: \(quoted(text)) is not a key; write a name such as \"E♭ major\"")
            }
            session.edit { $0.key = key }
        default:
            return .error("score.key must be a key name or nil, got a \(lua.type(at: 2).name)")
        }
        return .values(0)
    }

    /// A message for `Result` (String is not an Error).
    struct Message: Error {
        let text: String
    }

    /// The argument at `index` as an integer or nil: a float with an integer value counts, any
    /// other number or type is an error naming `what` (worked out only for the error).
    static func integerArgument(_ lua: LuaState, at index: Int32, what: @autoclosure () -> String) -> Result<Int?, Message> {
        switch lua.type(at: index) {
        case .nil, .none:
            return .success(nil)
        case .number:
            if let value = lua.integer(at: index) { return .success(value) }
            let number = lua.number(at: index) ?? .nan
            return .failure(Message(text: "\(what()) must be a whole number or nil, got \(number)"))
        default:
            return .failure(Message(text: "\(what()) must be a whole number or nil, got a \(lua.type(at: index).name)"))
        }
    }

    /// `text` in single quotes for a message, cut to 60 characters.
    static func quoted(_ text: String) -> String {
        text.count > 60 ? "'\(text.prefix(57))...'" : "'\(text)'"
    }
}
