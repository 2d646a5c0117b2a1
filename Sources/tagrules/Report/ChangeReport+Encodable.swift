/// The JSON contract of ``ChangeReport`` (README "JSON output"): every key always present,
/// missing values `null`, lists arrays.
extension ChangeReport: Encodable {
    private enum CodingKeys: String, CodingKey { case files, summary }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(files, forKey: .files)
        try container.encode(summary, forKey: .summary)
    }
}

extension FileChange: Encodable {
    private enum CodingKeys: String, CodingKey { case path, status, error, before, after, changes, diagnostics }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(status, forKey: .status)
        try container.encode(error, forKey: .error)
        try container.encode(before.map(MetadataJSON.init), forKey: .before)
        try container.encode(after.map(MetadataJSON.init), forKey: .after)
        try container.encode(changes, forKey: .changes)
        try container.encode(diagnostics, forKey: .diagnostics)
    }
}

extension ReportChange: Encodable {
    private enum CodingKeys: String, CodingKey { case field, before, after, rules }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(change.field, forKey: .field)
        try container.encode(change.before, forKey: .before)
        try container.encode(change.after, forKey: .after)
        try container.encode(rules, forKey: .rules)
    }
}
