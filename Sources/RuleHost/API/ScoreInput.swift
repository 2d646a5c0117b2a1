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

/// What rules may know about a score's file (`score.file`): names, not bytes.
public struct FileFacts: Sendable, Hashable, Codable {
    /// The path as given to tagrules, e.g. `Scores/Chopin - Nocturne.pdf`.
    public var path: String
    /// The last path component, e.g. `Chopin - Nocturne.pdf`.
    public var name: String
    /// The name without its extension, e.g. `Chopin - Nocturne`.
    public var stem: String
    /// The path of the enclosing folder, e.g. `Scores` (empty for a bare name).
    public var folder: String
    /// The number of pages, when known.
    public var pages: Int?

    /// Creates facts with every part given.
    public init(path: String, name: String, stem: String, folder: String, pages: Int? = nil) {
        self.path = path
        self.name = name
        self.stem = stem
        self.folder = folder
        self.pages = pages
    }

    /// Creates facts from a path: `name`, `stem` and `folder` are derived from it.
    public init(path: String, pages: Int? = nil) {
        // By byte, as the file system splits paths (and much cheaper than by Character); in
        // the string's own UTF-8 buffer when it has one (a native string: every path read),
        // unless a separator is part of a longer Character (see `parts(ofPath:)`).
        if let parts = path.utf8.withContiguousStorageIfAvailable(Self.parts(ofPath:)) ?? nil {
            self.init(path: path, name: parts.name, stem: parts.stem, folder: parts.folder, pages: pages)
            return
        }
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let folder = slash.map { String(path[..<$0]) } ?? ""
        self.init(path: path, name: name, stem: Self.stem(of: name), folder: folder, pages: pages)
    }

    /// The name, stem and folder of the path whose UTF-8 is `bytes`, split as `init(path:)`
    /// and `stem(of:)` split it: at the last "/" and at the last "." of the name that is not
    /// its first byte. Both are ASCII, so every piece is whole UTF-8.
    ///
    /// The split by `String.Index` steps over whole Characters, so it differs where a
    /// separator is part of a longer Character: a combining mark after the "/" ("/\u{301}"),
    /// or a prepended mark before the "/" or the "." (U+0600 …). Those need a non-ASCII byte
    /// next to the separator; for such paths this returns nil and the caller splits by index.
    private static func parts(ofPath bytes: UnsafeBufferPointer<UInt8>) -> (name: String, stem: String, folder: String)? {
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        func isASCII(at index: Int) -> Bool { index < 0 || index >= bytes.count || bytes[index] < 0x80 }
        var nameStart = bytes.count
        while nameStart > 0, bytes[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
        var dot = bytes.count
        while dot > nameStart, bytes[dot - 1] != UInt8(ascii: ".") { dot -= 1 }
        // `nameStart` is one past the last "/", or 0; `dot` one past the last "." of the name,
        // or `nameStart` when it has none.
        if nameStart > 0, !isASCII(at: nameStart) || !isASCII(at: nameStart - 2) { return nil }
        if dot > nameStart + 1, !isASCII(at: dot - 2) { return nil }
        let stemEnd = dot > nameStart + 1 ? dot - 1 : bytes.count
        let folder = nameStart > 0 ? text(0..<(nameStart - 1)) : ""
        return (text(nameStart..<bytes.count), text(nameStart..<stemEnd), folder)
    }

    /// `name` without its last extension; a leading dot does not start an extension.
    static func stem(of name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
