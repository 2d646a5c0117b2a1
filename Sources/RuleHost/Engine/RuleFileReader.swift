import MetadataModel

/// Reads one rule file into a runtime (issue 4, "Rule files"): compiles its text, runs its top
/// level in a fresh sandbox environment, and checks what it returns — one rule table or a list
/// of them, each with a unique `name` and an `apply` function, optionally a `description`
/// and `examples`. Lua places a rule at its `apply`; the lines of its examples and of a return
/// that is not a rule come from the file's text (`RuleFileLayout`).
struct RuleFileReader {
    let runtime: LuaRuntime
    let source: RuleSource

    private static let fields: Set<String> = ["name", "description", "apply", "examples"]

    /// The rules of the file and the problems found, each with `file:line` where known.
    func read() -> (rules: [LuaRule], diagnostics: [Diagnostic]) {
        let lua = runtime.lua
        let base = lua.top
        defer { lua.setTop(base) }
        var diagnostics: [Diagnostic] = []
        if let failure = lua.load(source.text, chunkName: "@" + source.name) { return ([], [failed(failure)]) }
        if let failure = runtime.pushEnvironment(folder: source.folder) { return ([], [failed(failure)]) }
        lua.setEnvironment(ofChunkAt: -2)
        if let error = runtime.call(arguments: 0, results: 1) { return ([], [failed(error)]) }
        let result = lua.top
        // Where the parts of the returned table are written.
        let layout = source.layout
        let returnLine = layout.returnLine ?? 1
        guard lua.type(at: result) == .table else {
            let message = "the file must return a rule table or a list of rule tables, got a \(lua.type(at: result).name)"
            return ([], [invalid(message, line: returnLine)])
        }
        if lua.rawGet(result, field: "name") != .nil || lua.rawGet(result, field: "apply") != .nil {
            let rule = readRule(at: result, position: nil, examples: layout.returnedRuleExamples, &diagnostics)
            return (rule.map { [$0] } ?? [], diagnostics)
        }
        let count = lua.rawLength(at: result)
        guard count > 0 else {
            let message = "the file returns a table with neither a rule nor a list of rules; return { name = …, apply = … }"
            return ([], [invalid(message, line: returnLine)])
        }
        let items = layout.returnedItems(matching: count)
        var rules: [LuaRule] = []
        for position in 1...count {
            lua.rawGet(result, index: position)
            defer { lua.pop() }
            let item = items?[position - 1]
            guard lua.type(at: -1) == .table else {
                let message = "item \(position) of the returned list is a \(lua.type(at: -1).name), not a rule table"
                diagnostics.append(invalid(message, line: item?.line ?? returnLine))
                continue
            }
            if let rule = readRule(at: lua.top, position: position, examples: item?.examples, &diagnostics) { rules.append(rule) }
        }
        return (rules, diagnostics)
    }

    /// Reads the rule table at `index`; nil (with a diagnostic) when it is not a valid rule.
    /// `examples` is where the table's examples are written, when the file's text shows it.
    private func readRule(
        at index: Int32, position: Int?, examples layout: RuleFileLayout.Examples?,
        _ diagnostics: inout [Diagnostic]
    ) -> LuaRule? {
        let lua = runtime.lua
        let base = lua.top
        defer { lua.setTop(base) }
        let which = position.map { "rule \($0) of the list" } ?? "the rule"

        let name = lua.rawGet(index, field: "name") == .string ? lua.string(at: -1) : nil
        let applyType = lua.rawGet(index, field: "apply")
        let line = lua.lineDefined(at: -1) ?? name.flatMap(lineOfName)
        guard let name, name.contains(where: { !$0.isWhitespace }) else {
            diagnostics.append(invalid("\(which) has no name; add name = \"…\" (a non-empty string)", line: line))
            return nil
        }
        guard applyType == .function else {
            diagnostics.append(
                invalid("rule '\(name)' has no apply function; add apply = function(score) … end", line: line, rule: name))
            return nil
        }
        let function = lua.ref()

        var problems: [(message: String, line: Int?)] = []
        let summary = lua.rawGet(index, field: "description") == .string ? lua.string(at: -1) : nil
        if summary == nil, lua.type(at: -1) != .nil { problems.append(("its description must be a string", line)) }
        var examples: [RuleExample] = []
        if lua.rawGet(index, field: "examples") != .nil {
            let value = lua.value(at: -1)
            let written = layout?.items(matching: value?.tableValue?.array.count)
            do {
                examples = try RuleExampleReader.read(value)
                for (position, example) in (written ?? []).enumerated() { examples[position].line = example.line }
            } catch {
                // The list's own problems are at `examples`; an example's, at it when it was found.
                let example = error.example.flatMap { written?[$0 - 1] }
                let place = error.example == nil ? layout?.line : example?.line(of: error.field)
                problems.append((error.text, place ?? line))
            }
        }
        lua.forEachEntry(in: index) {
            if let key = lua.string(at: -2), !Self.fields.contains(key) {
                diagnostics.append(
                    Diagnostic(
                        severity: .warning, code: .invalidRule,
                        message: "rule '\(name)' has an unknown field '\(key)' (known: name, description, apply, examples)",
                        rule: name, file: source.name, line: line))
            }
            return true
        }
        guard problems.isEmpty else {
            lua.release(function)
            for problem in problems {
                diagnostics.append(invalid("rule '\(name)': \(problem.message)", line: problem.line, rule: name))
            }
            return nil
        }
        return LuaRule(
            name: name, summary: summary, file: source.name, line: line, examples: examples,
            function: function, runtime: runtime)
    }

    /// A load or top-level failure; one without a location (a binary chunk, memory) is the file's.
    private func failed(_ failure: LuaFailure) -> Diagnostic { failed(RuleError(failure)) }

    private func failed(_ error: RuleError) -> Diagnostic {
        var diagnostic = Diagnostic(error)
        if diagnostic.location.file == nil { diagnostic.location.file = source.name }
        return diagnostic
    }

    private func invalid(_ message: String, line: Int? = nil, rule: String? = nil) -> Diagnostic {
        Diagnostic(severity: .error, code: .invalidRule, message: message, rule: rule, file: source.name, line: line)
    }

    /// The first line of the source that holds `name` as a quoted string (where a rule without
    /// `apply` is defined).
    private func lineOfName(_ name: String) -> Int? {
        let quoted = ["\"\(name)\"", "'\(name)'"]
        var number = 0
        for line in source.text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if quoted.contains(where: { line.contains($0) }) { return number }
        }
        return nil
    }
}
