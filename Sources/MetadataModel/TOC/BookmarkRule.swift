/// forScore's rule for importing a table of contents as bookmarks (pdf-metadata.txt, "Table
/// of Contents"): "we infer each piece's end page as one page before the first page of the
/// following item", and URL and remote-file items "are ignored when importing Table of
/// Contents information as Bookmarks".
///
/// The page does not say more; these are tagrules' readings, chosen so that a flat outline
/// gives exactly the documented result:
/// - Only items with a `.page` target inside the document become bookmarks. URI, GoToR,
///   target-less and out-of-range items are ignored entirely: being ignored for the import,
///   they are not a "following item" and do not end the previous range.
/// - Nesting: an item's range ends before the next page item at the same or a shallower
///   level, so a parent spans its children (`Sonata` 1–11 with movements 1–4, 5–8, 9–11).
///   For a flat outline this is simply the next item.
/// - An item whose next item starts on the same page (or, in an out-of-order outline, an
///   earlier page) ends on its own first page: the last page is never before the first.
/// - Items still open at the end run to the document's last page.
public enum BookmarkRule {
    /// The bookmarks forScore creates from `toc`.
    ///
    /// - Parameters:
    ///   - toc: The table of contents in reading order.
    ///   - pageCount: The number of pages in the document; no bookmarks when 0 or less.
    /// - Returns: One bookmark per page item, in table-of-contents order, with 1-based pages.
    public static func bookmarks(from toc: [TOCEntry], pageCount: Int) -> [Bookmark] {
        guard pageCount > 0 else { return [] }
        var bookmarks: [Bookmark] = []
        // Indices into `bookmarks` of items whose range is still open, with their levels;
        // levels increase strictly from bottom to top.
        var open: [(index: Int, level: Int)] = []
        func close(before firstPage: Int, level: Int) {
            while let last = open.last, last.level >= level {
                open.removeLast()
                bookmarks[last.index].lastPage = max(bookmarks[last.index].firstPage, firstPage - 1)
            }
        }
        for entry in toc {
            guard case .page(let index) = entry.target, (0..<pageCount).contains(index) else { continue }
            let firstPage = index + 1
            close(before: firstPage, level: entry.level)
            open.append((bookmarks.count, entry.level))
            bookmarks.append(Bookmark(title: entry.title, firstPage: firstPage, lastPage: pageCount))
        }
        return bookmarks
    }
}
