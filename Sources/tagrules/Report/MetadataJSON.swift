import MetadataModel

/// `ScoreMetadata` as the JSON contract writes it: every field present, in `MetadataField`
/// order, missing values as `null`, lists as arrays
/// (`{"title", "composers", "genres", "tags", "labels", "rating", "difficulty", "duration",
/// "keysf", "keymi"}`).
struct MetadataJSON: Encodable {
    var metadata: ScoreMetadata

    private struct FieldKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ field: MetadataField) { stringValue = field.rawValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        for field in MetadataField.allCases {
            try container.encode(metadata[field], forKey: FieldKey(field))
        }
    }
}

/// One outline item as the JSON contract writes it: `{"title", "level", "page", "uri", "file"}`,
/// `page` 1-based as forScore shows it, the two others set for URL and remote-file items.
struct TOCEntryJSON: Encodable {
    var entry: TOCEntry

    private enum CodingKeys: String, CodingKey { case title, level, page, uri, file }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entry.title, forKey: .title)
        try container.encode(entry.level, forKey: .level)
        var page: Int?
        var uri: String?
        var file: String?
        switch entry.target {
        case .page(let index): page = index.addingReportingOverflow(1).overflow ? nil : index + 1
        case .uri(let text): uri = text
        case .remote(let name): file = name
        case .none: break
        }
        try container.encode(page, forKey: .page)
        try container.encode(uri, forKey: .uri)
        try container.encode(file, forKey: .file)
    }
}
