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
        // The path's bytes as an array, which is searched from the end without stepping
        // String indices back one by one.
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else {
            self.init(path: path, name: path, stem: Self.stem(ofName: bytes[...]) ?? path, folder: "", pages: pages)
            return
        }
        let name = bytes[(slash + 1)...]
        self.init(
            path: path, name: String(decoding: name, as: UTF8.self),
            stem: Self.stem(ofName: name) ?? String(decoding: name, as: UTF8.self),
            folder: String(decoding: bytes[..<slash], as: UTF8.self), pages: pages)
    }

    /// `name` without its last extension; a leading dot does not start an extension.
    static func stem(of name: String) -> String {
        stem(ofName: Array(name.utf8)[...]) ?? name
    }

    /// The UTF-8 name `name` without its last extension, or nil when it has none (a leading
    /// dot does not start one).
    private static func stem(ofName name: ArraySlice<UInt8>) -> String? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return nil }
        return String(decoding: name[..<dot], as: UTF8.self)
    }
}
