extension Diagnostic {
    /// The message with its location and field, as reports show it:
    /// `rule 'genre', 20-genre.lua:12: tags: 'a; b' contains ';' …`, `line 4: unknown element
    /// 'note' is skipped`, `cross-reference data damaged … at offset 1234`.
    public var locatedMessage: String {
        var context: [String] = []
        if let rule = location.rule { context.append("rule '\(rule)'") }
        switch (location.file, location.line) {
        case (let file?, let line?): context.append("\(file):\(line)")
        case (let file?, nil): context.append(file)
        case (nil, let line?): context.append("line \(line)")
        case (nil, nil): break
        }
        let prefix = context.isEmpty ? "" : context.joined(separator: ", ") + ": "
        let field = field.map { "\($0.rawValue): " } ?? ""
        let offset = location.offset.map { " at offset \($0)" } ?? ""
        return prefix + field + message + offset
    }
}

extension Diagnostic: CustomStringConvertible {
    /// `warning: rule 'genre', 20-genre.lua:12: tags: … [semicolon-separated]`.
    public var description: String {
        "\(severity.rawValue): \(locatedMessage) [\(code.rawValue)]"
    }
}
