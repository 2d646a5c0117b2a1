/// A Lua value copied into Swift: the data a rule file hands the host (rule fields, examples)
/// and the data the host hands rules (score facts, data files).
///
/// Tables keep their array part (`1…#t`) and their string keys; other keys are dropped.
/// Functions and other reference types are kept by type name only.
enum LuaValue: Hashable {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case table(LuaTable)
    /// A value Swift does not copy (function, userdata, thread), by Lua type name.
    case opaque(String)
}

/// A Lua table copied into Swift.
struct LuaTable: Hashable {
    /// The values at `1…#t`.
    var array: [LuaValue] = []
    /// The values at string keys.
    var fields: [String: LuaValue] = [:]

    /// The field `name`, or `.nil`.
    subscript(name: String) -> LuaValue { fields[name] ?? .nil }
}

extension LuaValue {
    /// The string, if this is one.
    var stringValue: String? { if case .string(let s) = self { s } else { nil } }

    /// The table, if this is one.
    var tableValue: LuaTable? { if case .table(let t) = self { t } else { nil } }

    /// Whether this is nil.
    var isNil: Bool { self == .nil }

    /// The Lua type name (`type(v)` in Lua).
    var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .table: "table"
        case .opaque(let name): name
        }
    }
}

/// Limits on copying a Lua value into Swift, so that a hostile table cannot exhaust the host.
struct LuaCopyLimits {
    /// The deepest table nesting copied; deeper tables fail the copy.
    var depth = 16
    /// The most values copied in total.
    var values = 200_000
}

extension LuaState {
    /// Copies the value at `index` into Swift (raw access: no metamethods run).
    ///
    /// - Returns: nil when the value is nested deeper or holds more values than `limits` allow.
    func value(at index: Int32, limits: LuaCopyLimits = LuaCopyLimits()) -> LuaValue? {
        var budget = limits.values
        return copyValue(at: absolute(index), depth: limits.depth, budget: &budget)
    }

    private func copyValue(at index: Int32, depth: Int, budget: inout Int) -> LuaValue? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch type(at: index) {
        case .none, .nil: return .nil
        case .boolean: return .boolean(boolean(at: index))
        case .number:
            if isIntegerSubtype(at: index), let value = integer(at: index) { return .integer(value) }
            return .number(number(at: index) ?? 0)
        case .string: return .string(string(at: index) ?? "")
        case .table:
            guard depth > 0, ensureStack(3) else { return nil }
            return copyTable(at: index, depth: depth - 1, budget: &budget).map(LuaValue.table)
        case .function: return .opaque("function")
        case .userdata, .lightUserdata: return .opaque("userdata")
        case .thread: return .opaque("thread")
        }
    }

    private func copyTable(at index: Int32, depth: Int, budget: inout Int) -> LuaTable? {
        var table = LuaTable()
        let count = rawLength(at: index)
        guard count <= budget else { return nil }
        for position in stride(from: 1, through: count, by: 1) {
            rawGet(index, index: position)
            defer { pop() }
            guard let item = copyValue(at: top, depth: depth, budget: &budget) else { return nil }
            table.array.append(item)
        }
        var ok = true
        forEachEntry(in: index) {
            guard let key = string(at: -2) else { return true }
            guard let item = copyValue(at: top, depth: depth, budget: &budget) else {
                ok = false
                return false
            }
            table.fields[key] = item
            return true
        }
        return ok ? table : nil
    }

    /// Pushes a Swift value as a fresh Lua value (tables become new tables).
    ///
    /// - Returns: false when the stack cannot grow (nothing is pushed).
    @discardableResult
    func push(_ value: LuaValue) -> Bool {
        guard ensureStack(3) else { return false }
        switch value {
        case .nil, .opaque: pushNil()
        case .boolean(let b): push(b)
        case .integer(let i): push(i)
        case .number(let d): push(d)
        case .string(let s): push(s)
        case .table(let table):
            newTable(arrayCount: table.array.count, fieldCount: table.fields.count)
            for (position, item) in table.array.enumerated() {
                guard push(item) else { pop(); return false }
                rawSet(-2, index: position + 1)
            }
            for (key, item) in table.fields {
                guard push(item) else { pop(); return false }
                rawSet(-2, field: key)
            }
        }
        return true
    }
}
