/// An Open Setlist (file-types.txt, "Open Setlist (4SS) Format", forScore 12.0): a named list
/// of scores, bookmarks and placeholders that forScore builds into a setlist on import.
public struct Setlist: Sendable, Hashable, Codable {
    /// The setlist's name, the root element's required `title`.
    public var title: String
    /// The entries in setlist order.
    public var entries: [Entry]

    /// One child element of the root.
    public enum Entry: Sendable, Hashable, Codable {
        /// `<score path="…" title="…" data="…" />`: a score identified by its file name in the
        /// library. `title` names the placeholder forScore inserts when the file is missing;
        /// `data` is the PDF itself (forScore 14.3+), written to `path` instead of matching.
        case score(path: String, title: String? = nil, data: [UInt8]? = nil)
        /// `<bookmark title="…" path="…" />`: a bookmark identified by its score's file name
        /// and its own title, which also names the placeholder when it is missing.
        case bookmark(path: String, title: String)
        /// `<placeholder title="…" />`: a named gap in the setlist.
        case placeholder(title: String)

        /// What forScore puts in the setlist when the entry matches nothing in the library
        /// (file-types.txt): a placeholder with this title, or `nil` when the entry is
        /// omitted — a score without a title. Placeholders are always themselves.
        public var placeholderTitleWhenMissing: String? {
            switch self {
            case .score(_, let title, _): title
            case .bookmark(_, let title), .placeholder(let title): title
            }
        }
    }

    /// Creates a setlist.
    public init(title: String, entries: [Entry] = []) {
        self.title = title
        self.entries = entries
    }
}
