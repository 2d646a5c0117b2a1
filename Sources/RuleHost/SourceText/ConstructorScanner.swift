/// Reads Lua table constructors (`{ … }`) from a token list: their fields, in order, with the
/// line each starts on and the tokens of its value. Also finds the chunk's final `return`.
///
/// Nesting is followed by counting brackets (`{ ( [` … `} ) ]`) and blocks (`function`, `do`,
/// `if`, `repeat` … `end`, `until`) together, so commas inside calls or function bodies do not
/// split a field. Text that is not valid Lua gives nil rather than a guess.
struct ConstructorScanner {
    /// One field of a constructor (Lua 5.4 manual §3.4.9).
    struct Field: Hashable {
        /// The name of a `name = value` field.
        var name: String?
        /// Whether this is a `[key] = value` field.
        var isKeyed: Bool
        /// The line the field starts on.
        var line: Int
        /// The indices of the value's tokens (for a keyed field, from the `[`).
        var value: Range<Int>

        /// Whether this is a list item (neither `name =` nor `[key] =`).
        var isPositional: Bool { name == nil && !isKeyed }
    }

    let tokens: [LuaTokenizer.Token]

    /// The index of the last `return` outside every function, block and bracket: the chunk's
    /// own, which Lua requires to be its last statement.
    func finalReturn() -> Int? {
        var depth = 0
        var found: Int?
        for (index, token) in tokens.enumerated() {
            if token.opens {
                depth += 1
            } else if token.closes {
                depth -= 1
            } else if depth == 0, token.kind == .name, token.text == "return" {
                found = index
            }
        }
        return found
    }

    /// The fields of the constructor whose `{` is at `open`, and the index of its `}`; nil
    /// when there is no `{` there or its fields cannot be read.
    func constructor(at open: Int) -> (fields: [Field], close: Int)? {
        guard open < tokens.count, tokens[open].isSymbol("{") else { return nil }
        var fields: [Field] = []
        var index = open + 1
        while index < tokens.count, !tokens[index].isSymbol("}") {
            let first = tokens[index]
            var name: String?
            if first.kind == .name, index + 1 < tokens.count, tokens[index + 1].isSymbol("=") {
                name = first.text
                index += 2
            }
            guard let end = endOfValue(from: index), end > index else { return nil }
            fields.append(Field(name: name, isKeyed: first.isSymbol("["), line: first.line, value: index..<end))
            index = end
            if tokens[index].isSymbol(",") || tokens[index].isSymbol(";") {
                index += 1
            } else if !tokens[index].isSymbol("}") {
                return nil
            }
        }
        return index < tokens.count ? (fields, index) : nil
    }

    /// The fields of `field`'s value when the value is one constructor and nothing more
    /// (`{ … }`, not `{ … } or x` or a call).
    func wholeConstructor(_ field: Field) -> [Field]? {
        guard let (fields, close) = constructor(at: field.value.lowerBound), close + 1 == field.value.upperBound
        else { return nil }
        return fields
    }

    /// The index of the `,`, `;` or unmatched closing token that ends the value starting at
    /// `start`; nil when the tokens run out first.
    private func endOfValue(from start: Int) -> Int? {
        var depth = 0
        for index in start..<tokens.count {
            let token = tokens[index]
            if depth == 0, token.isSymbol(",") || token.isSymbol(";") { return index }
            if token.opens {
                depth += 1
            } else if token.closes {
                if depth == 0 { return index }
                depth -= 1
            }
        }
        return nil
    }
}

extension LuaTokenizer.Token {
    fileprivate func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }

    /// Whether the token opens a bracket or a block that a later token closes.
    fileprivate var opens: Bool {
        switch kind {
        case .symbol: return text == "{" || text == "(" || text == "["
        case .name: return text == "function" || text == "do" || text == "if" || text == "repeat"
        case .string, .number: return false
        }
    }

    /// Whether the token closes a bracket or a block.
    fileprivate var closes: Bool {
        switch kind {
        case .symbol: return text == "}" || text == ")" || text == "]"
        case .name: return text == "end" || text == "until"
        case .string, .number: return false
        }
    }
}
