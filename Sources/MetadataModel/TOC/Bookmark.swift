/// A range of pages inside a score that forScore treats like a score of its own, as created by
/// importing a table of contents (pdf-metadata.txt) or a bookmark CSV row.
public struct Bookmark: Sendable, Hashable, Codable {
    /// The bookmark's title.
    public var title: String
    /// The first page, 1-based as forScore shows it.
    public var firstPage: Int
    /// The last page, 1-based; never before `firstPage`.
    public var lastPage: Int

    /// Creates a bookmark.
    public init(title: String, firstPage: Int, lastPage: Int) {
        self.title = title
        self.firstPage = firstPage
        self.lastPage = lastPage
    }
}
