import MetadataModel

/// What `inspect` shows: forScore's view of each file, its raw Info strings, pages, outline and
/// diagnostics.
///
/// JSON (README "JSON output"): `{"files": [{"path", "status": "ok"|"error", "error", "pages",
/// "metadata": {…}, "info": {key: string}, "toc": [{"title", "level", "page", "uri", "file"}],
/// "diagnostics": [{"severity", "code", "message"}]}]}`.
struct InspectReport: Sendable {
    /// One entry per file, in discovery order.
    var files: [LoadedScore]
}

extension InspectReport: Encodable {
    private enum CodingKeys: String, CodingKey { case files }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(files.map(InspectedFileJSON.init), forKey: .files)
    }
}

/// One file of the inspect contract.
private struct InspectedFileJSON: Encodable {
    var score: LoadedScore

    private enum CodingKeys: String, CodingKey { case path, status, error, pages, metadata, info, toc, diagnostics }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(score.path, forKey: .path)
        try container.encode(score.isReadable ? "ok" : "error", forKey: .status)
        try container.encode(score.failure?.message, forKey: .error)
        try container.encode(score.pages, forKey: .pages)
        try container.encode(score.isReadable ? MetadataJSON(metadata: score.metadata) : nil, forKey: .metadata)
        try container.encode(score.info, forKey: .info)
        try container.encode(score.toc.map(TOCEntryJSON.init), forKey: .toc)
        try container.encode(score.diagnostics, forKey: .diagnostics)
    }
}
