/// Turns a parsed JSON data file into a ``DataTable`` (the JSON rules of ``DataFileLoader``).
struct JSONTableBuilder {
    let file: String

    func table(from value: JSONValue) throws(RuleError) -> DataTable {
        var builder = DataTableBuilder(file: file)
        switch value {
        case .object(let members):
            for member in members {
                var row: [String: String] = [:]
                if case .object(let fields) = member.value {
                    builder.noteColumn("key")
                    row["key"] = member.key
                    try fill(&row, from: fields, builder: &builder)
                } else {
                    builder.noteColumn("key")
                    builder.noteColumn("value")
                    row["key"] = member.key
                    if let text = try cell(member.value, line: member.line) { row["value"] = text }
                }
                try builder.add(key: member.key, row: row, line: member.line)
            }
        case .array(let elements):
            for element in elements {
                guard case .object(let fields) = element.value else {
                    throw RuleError(.invalidRule, "array element is not an object; write one object per row", file: file, line: element.line)
                }
                var row: [String: String] = [:]
                try fill(&row, from: fields, builder: &builder)
                let keyName = fields.contains { $0.key == "key" } ? "key" : fields.first?.key
                guard let keyName, let key = row[keyName] else {
                    throw RuleError(.invalidRule, "row has no key; give it a \"key\" member", file: file, line: element.line)
                }
                try builder.add(key: key, row: row, line: element.line)
            }
        default:
            throw RuleError(.invalidRule, "JSON data must be an object or an array of objects", file: file, line: 1)
        }
        return builder.build()
    }

    private func fill(
        _ row: inout [String: String], from fields: [JSONMember],
        builder: inout DataTableBuilder
    ) throws(RuleError) {
        for field in fields {
            builder.noteColumn(field.key)
            if let text = try cell(field.value, line: field.line) { row[field.key] = text }
        }
    }

    /// The text of one cell, or `nil` for `null`.
    private func cell(_ value: JSONValue, line: Int) throws(RuleError) -> String? {
        switch value {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return nil
        case .array(let elements):
            var parts: [String] = []
            for element in elements {
                if case .array = element.value { throw nested(line: element.line) }
                if let text = try cell(element.value, line: element.line) { parts.append(text) }
            }
            return parts.joined(separator: ", ")
        case .object:
            throw nested(line: line)
        }
    }

    private func nested(line: Int) -> RuleError {
        RuleError(.invalidRule, "nested objects and arrays are not allowed in a row; use plain values", file: file, line: line)
    }
}
