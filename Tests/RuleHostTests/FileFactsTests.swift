import Testing

@testable import RuleHost

/// `FileFacts(path:)` splits a path at its last "/" and its name at the last "." that does not
/// start it, by byte, as the file system does.
struct FileFactsTests {
    @Test(arguments: [
        ("Scores/Chopin - Nocturne.pdf", "Chopin - Nocturne.pdf", "Chopin - Nocturne", "Scores"),
        ("Chopin.pdf", "Chopin.pdf", "Chopin", ""),
        ("/tmp/lib/x.tar.gz", "x.tar.gz", "x.tar", "/tmp/lib"),
        (".hidden", ".hidden", ".hidden", ""),
        ("a/.hidden", ".hidden", ".hidden", "a"),
        ("a/b.c/d", "d", "d", "a/b.c"),
        ("a/b/", "", "", "a/b"),
        ("/", "", "", ""),
        ("", "", "", ""),
        ("dir/..pdf", "..pdf", ".", "dir"),
        ("Scores/Gymnopédie No. 1.pdf", "Gymnopédie No. 1.pdf", "Gymnopédie No. 1", "Scores"),
        ("a/\u{301}b.pdf", "\u{301}b.pdf", "\u{301}b", "a"),
        ("é/ü\u{301}.pdf", "ü\u{301}.pdf", "ü\u{301}", "é"),
    ])
    func splitsAtTheLastSeparators(path: String, name: String, stem: String, folder: String) {
        #expect(FileFacts(path: path, pages: 3) == FileFacts(path: path, name: name, stem: stem, folder: folder, pages: 3))
    }
}
