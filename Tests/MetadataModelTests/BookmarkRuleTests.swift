import MetadataModel
import Testing

/// forScore's table-of-contents → bookmarks rule (pdf-metadata.txt, "Table of Contents").
struct BookmarkRuleTests {
    func entry(_ title: String, _ target: TOCEntry.Target, level: Int = 0) -> TOCEntry {
        TOCEntry(title: title, level: level, target: target)
    }

    func ranges(_ toc: [TOCEntry], pageCount: Int) -> [String] {
        BookmarkRule.bookmarks(from: toc, pageCount: pageCount).map { "\($0.title) \($0.firstPage)-\($0.lastPage)" }
    }

    @Test func eachItemEndsBeforeTheNext() {
        let toc = [entry("Prelude", .page(0)), entry("Allemande", .page(2)), entry("Courante", .page(5))]
        #expect(ranges(toc, pageCount: 8) == ["Prelude 1-2", "Allemande 3-5", "Courante 6-8"])
    }

    @Test func linksAreIgnoredAndDoNotEndARange() {
        let toc = [
            entry("Prelude", .page(0)), entry("Recording", .uri("https://example.org/a.mp3")),
            entry("Part", .remote(file: "violin.pdf")), entry("Heading", .none), entry("Fugue", .page(4)),
            entry("Score app", .uri("forscore://open")),
        ]
        #expect(ranges(toc, pageCount: 6) == ["Prelude 1-4", "Fugue 5-6"])
    }

    @Test func itemsOnTheSamePageEndOnTheirFirstPage() {
        let toc = [entry("No. 1", .page(0)), entry("No. 2", .page(0)), entry("No. 3", .page(1))]
        #expect(ranges(toc, pageCount: 3) == ["No. 1 1-1", "No. 2 1-1", "No. 3 2-3"])
    }

    @Test func outOfOrderItemsNeverEndBeforeTheyStart() {
        let toc = [entry("B", .page(5)), entry("A", .page(1))]
        #expect(ranges(toc, pageCount: 8) == ["B 6-6", "A 2-8"])
    }

    @Test func parentsSpanTheirChildren() {
        let toc = [
            entry("Sonata", .page(0)),
            entry("I", .page(0), level: 1), entry("II", .page(4), level: 1), entry("III", .page(8), level: 1),
            entry("Partita", .page(11)),
            entry("Sarabande", .page(11), level: 1), entry("Link", .uri("https://x"), level: 2),
            entry("Gigue", .page(13), level: 1),
        ]
        #expect(
            ranges(toc, pageCount: 15) == [
                "Sonata 1-11", "I 1-4", "II 5-8", "III 9-11", "Partita 12-15", "Sarabande 12-13", "Gigue 14-15",
            ])
    }

    @Test func pagesOutsideTheDocumentAreIgnored() {
        let toc = [entry("A", .page(-1)), entry("B", .page(0)), entry("C", .page(3)), entry("D", .page(Int.max))]
        #expect(ranges(toc, pageCount: 3) == ["B 1-3"])
    }

    @Test(arguments: [0, -1])
    func noPagesNoBookmarks(pageCount: Int) {
        #expect(BookmarkRule.bookmarks(from: [entry("A", .page(0))], pageCount: pageCount).isEmpty)
    }

    @Test func lastItemRunsToTheEnd() {
        #expect(
            BookmarkRule.bookmarks(from: [entry("Only", .page(3))], pageCount: 10)
                == [Bookmark(title: "Only", firstPage: 4, lastPage: 10)])
        #expect(BookmarkRule.bookmarks(from: [], pageCount: 10).isEmpty)
    }
}
