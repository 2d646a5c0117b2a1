/// Where the parts of a rule file's returned rule tables start, read from the file's source
/// text: the line of its `return`, of each rule in a returned list, of each rule's `examples`
/// and of each example (with its `given` and `expect`). Lua keeps no line numbers for table
/// constructors, so the text is the only place to find them. Pure Swift, no Lua state.
///
/// Only what is written in place is found: `return { name = …, examples = { … } }` and
/// `return { { … }, { … } }`. A rule table built in a local and returned later
/// (`return rule`), examples made by a function call, and constructors with `[key] =` fields
/// are not followed; callers then fall back to the line of the rule's `apply`.
struct RuleFileLayout: Hashable {
    /// What the chunk's `return` is, as written.
    enum Returned: Hashable {
        /// One rule table constructor, with a `name` or an `apply` field; its `examples` field,
        /// if it has one.
        case rule(examples: Examples?)
        /// A constructor of list items only: one per item, in order.
        case list([Item])
        /// Anything else: a name, a call, a table without rule fields, or no return found.
        case other
    }

    /// An item of a returned list of rules.
    struct Item: Hashable {
        /// The line the item starts on.
        var line: Int
        /// The item's `examples` field, when it is a rule table constructor with one.
        var examples: Examples?
    }

    /// A rule's `examples` field.
    struct Examples: Hashable {
        /// The line of the `examples` field.
        var line: Int
        /// Each item of the examples list, in order; nil when the value is not one constructor
        /// or the constructor has named or `[key] =` fields, whose effect on the positions is
        /// not followed.
        var items: [Example]?
    }

    /// One item of an examples list.
    struct Example: Hashable {
        /// The line the example starts on.
        var line: Int
        /// The lines of the example's named fields (`given`, `expect`), when it is a constructor.
        var fields: [String: Int]
    }

    /// The line of the chunk's final `return` (outside every function, block and bracket), if
    /// there is one.
    var returnLine: Int?
    /// What that `return` returns.
    var returned: Returned

    /// Scans `source`, the text of a rule file.
    init(source: String) {
        let tokens = LuaTokenizer.tokens(of: source)
        let scanner = ConstructorScanner(tokens: tokens)
        let returnIndex = scanner.finalReturn()
        returnLine = returnIndex.map { tokens[$0].line }
        returned = returnIndex.flatMap { scanner.constructor(at: $0 + 1) }.map { Self.returned(by: $0.fields, scanner) } ?? .other
    }

    /// A returned constructor with `fields`: a rule, a list of items, or neither.
    private static func returned(by fields: [ConstructorScanner.Field], _ scanner: ConstructorScanner) -> Returned {
        if fields.contains(where: { $0.name == "name" || $0.name == "apply" }) {
            return .rule(examples: examples(of: fields, scanner))
        }
        guard fields.allSatisfy(\.isPositional) else { return .other }
        return .list(fields.map { item in
            Item(line: item.line, examples: scanner.wholeConstructor(item).flatMap { examples(of: $0, scanner) })
        })
    }

    /// The `examples` field of the rule table constructor with `fields`.
    private static func examples(of fields: [ConstructorScanner.Field], _ scanner: ConstructorScanner) -> Examples? {
        // Lua keeps the last of repeated fields; a `[key] =` field might set `examples` too.
        guard !fields.contains(where: \.isKeyed), let field = fields.last(where: { $0.name == "examples" }) else {
            return nil
        }
        guard let list = scanner.wholeConstructor(field), list.allSatisfy(\.isPositional) else {
            return Examples(line: field.line, items: nil)
        }
        return Examples(line: field.line, items: list.map { example in
            let named = scanner.wholeConstructor(example)?.compactMap { part in part.name.map { ($0, part.line) } } ?? []
            return Example(line: example.line, fields: Dictionary(named, uniquingKeysWith: { $1 }))
        })
    }
}

extension RuleFileLayout {
    /// The examples of the returned rule table, when the file returns one written in place
    /// with its examples written in place.
    var returnedRuleExamples: Examples? {
        guard case .rule(let examples) = returned else { return nil }
        return examples
    }

    /// The items of the returned list, when the file returns one written in place with as many
    /// items as the `count` Lua has.
    func returnedItems(matching count: Int) -> [Item]? {
        guard case .list(let items) = returned, items.count == count else { return nil }
        return items
    }
}

extension RuleFileLayout.Examples {
    /// The examples found, when they are as many as the `count` Lua has; else nil, since a
    /// wrong line is worse than none.
    func items(matching count: Int?) -> [RuleFileLayout.Example]? {
        items?.count == count ? items : nil
    }
}

extension RuleFileLayout.Example {
    /// The line of the example's `field` (`given`, `expect`), or of the example when the field
    /// was not found or is nil.
    func line(of field: String?) -> Int {
        field.flatMap { fields[$0] } ?? line
    }
}
