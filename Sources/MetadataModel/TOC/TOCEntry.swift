/// One item of a PDF's table of contents (the document outline, ISO 32000-1 §12.3.3), as
/// forScore shows it (pdf-metadata.txt, "Table of Contents").
///
/// The list of entries is the outline flattened in reading order (depth-first), with each
/// item's depth in `level`.
public struct TOCEntry: Sendable, Hashable, Codable {
    /// The item's title.
    public var title: String
    /// Nesting depth: 0 for top-level items, 1 for their children, and so on.
    public var level: Int
    /// Where the item leads.
    public var target: Target

    /// Where a table-of-contents item leads. forScore supports pages, URLs and remote-file
    /// (GoToR) actions; only pages can become bookmarks.
    public enum Target: Sendable, Hashable, Codable {
        /// A page of this document, 0-based.
        case page(Int)
        /// A URI action: web, `file://`, `mailto:` or an app scheme such as `forscore://`.
        case uri(String)
        /// A GoToR action to another file.
        case remote(file: String)
        /// No destination, or one that could not be resolved.
        case none
    }

    /// Creates an entry.
    public init(title: String, level: Int = 0, target: Target) {
        self.title = title
        self.level = level
        self.target = target
    }
}
