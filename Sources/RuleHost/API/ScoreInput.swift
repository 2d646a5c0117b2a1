import MetadataModel

/// The facts about one score that rules see (issue 4, "score fields"): its metadata, which
/// rules may change, and read-only facts about the file it came from.
public struct ScoreInput: Sendable, Hashable, Codable {
    /// The score's metadata as read; rules start from this.
    public var metadata: ScoreMetadata
    /// The file (`score.file` in Lua).
    public var file: FileFacts
    /// The raw Info dictionary strings, every key (`score.info` in Lua), e.g. `["Title": "…"]`.
    public var info: [String: String]
    /// The outline as page ranges (`score.toc` in Lua: `{title, first_page, last_page}`).
    public var toc: [Bookmark]

    /// Creates an input.
    public init(metadata: ScoreMetadata, file: FileFacts, info: [String: String] = [:], toc: [Bookmark] = []) {
        self.metadata = metadata
        self.file = file
        self.info = info
        self.toc = toc
    }
}
