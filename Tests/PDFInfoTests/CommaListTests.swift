import Testing

@testable import PDFInfo

/// The list rule shared by /AAPL:Keywords, dc:creator and dc:subject.
struct CommaListTests {
    @Test(arguments: [
        (" piano , E♭,,\u{2028}Dvořák\u{2028}, \u{00A0} ,测试\t", ["piano", "E♭", "Dvořák", "测试"]),
        ("rating:3", ["rating:3"]),
        (" , ,", []),
        ("a,\u{301}b", ["a", "\u{301}b"]),  // a combining mark after a comma does not hide it
    ])
    func splitsTrimsAndDropsEmptyPieces(text: String, expected: [String]) {
        #expect(CommaList.split(text) == expected)
    }
}
