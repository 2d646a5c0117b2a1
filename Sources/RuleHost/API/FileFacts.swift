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

    /// Creates facts from a path: split at its last "/" into folder and name, and the name at
    /// its last "." into stem and extension (a leading dot does not start an extension). The
    /// separators are found by byte, as the file system splits paths: a "/" followed by a
    /// combining mark still separates.
    public init(path: String, pages: Int? = nil) {
        let bytes = path.utf8
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let name = slash.map { String(Substring(bytes[bytes.index(after: $0)...])) } ?? path
        let folder = slash.map { String(Substring(bytes[..<$0])) } ?? ""
        self.init(path: path, name: name, stem: Self.stem(of: name), folder: folder, pages: pages)
    }

    /// `name` without its last extension; a leading dot does not start an extension.
    static func stem(of name: String) -> String {
        let bytes = name.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return name }
        return String(Substring(bytes[..<dot]))
    }
}
