/// Equality, hashing and coding by the five facts, however `name`, `stem` and `folder` are
/// stored: as the synthesized conformances of the five stored properties did.
extension FileFacts: Hashable, Codable {
    public static func == (lhs: FileFacts, rhs: FileFacts) -> Bool {
        lhs.path == rhs.path && lhs.name == rhs.name && lhs.stem == rhs.stem && lhs.folder == rhs.folder
            && lhs.pages == rhs.pages
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(name)
        hasher.combine(stem)
        hasher.combine(folder)
        hasher.combine(pages)
    }

    private enum CodingKeys: String, CodingKey {
        case path, name, stem, folder, pages
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try container.decode(String.self, forKey: .path), name: try container.decode(String.self, forKey: .name),
            stem: try container.decode(String.self, forKey: .stem), folder: try container.decode(String.self, forKey: .folder),
            pages: try container.decodeIfPresent(Int.self, forKey: .pages))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(name, forKey: .name)
        try container.encode(stem, forKey: .stem)
        try container.encode(folder, forKey: .folder)
        try container.encodeIfPresent(pages, forKey: .pages)
    }
}
