import MetadataModel
import Testing

/// forScore's matching order for 4SS entries: exact, case-insensitive, diacritics- and
/// case-insensitive (file-types.txt).
struct SetlistMatcherTests {
    static let library = [
        SetlistMatcher.Item(filename: "gymnopedie.pdf"),
        SetlistMatcher.Item(filename: "Nocturne.pdf", bookmarks: ["Op. 9 No. 2", "Étude"]),
        SetlistMatcher.Item(filename: "Suite.pdf", bookmarks: ["Prélude", "Allemande"]),
        SetlistMatcher.Item(filename: "Sonata.pdf"), SetlistMatcher.Item(filename: "SONATA.pdf"),
        SetlistMatcher.Item(filename: "Café.pdf"),
    ]

    let matcher = SetlistMatcher(library: library, folding: .foundation)

    @Test(arguments: [
        ("gymnopedie.pdf", SetlistMatchLevel.exact, ["gymnopedie.pdf"]),
        ("Gymnopedie.PDF", .caseInsensitive, ["gymnopedie.pdf"]),
        ("Gymnopédie.pdf", .diacriticsInsensitive, ["gymnopedie.pdf"]),
        ("GYMNOPÉDIE.PDF", .diacriticsInsensitive, ["gymnopedie.pdf"]),
        ("Gymnopedie", .missing, []),
        ("Sonata.pdf", .exact, ["Sonata.pdf"]),
        ("sonata.pdf", .caseInsensitive, ["Sonata.pdf", "SONATA.pdf"]),
        ("Cafe\u{301}.pdf", .caseInsensitive, ["Café.pdf"]),
        ("cafe.pdf", .diacriticsInsensitive, ["Café.pdf"]),
        ("Café.pdf ", .missing, []),
    ])
    func scoresMatchByPath(path: String, level: SetlistMatchLevel, filenames: [String]) {
        #expect(matcher.matchScore(path: path) == SetlistMatch(level: level, filenames: filenames))
    }

    @Test(arguments: [
        ("Suite.pdf", "Prélude", SetlistMatchLevel.exact),
        ("suite.pdf", "Prélude", .caseInsensitive),
        ("Suite.pdf", "prélude", .caseInsensitive),
        ("Suite.pdf", "Prelude", .diacriticsInsensitive),
        ("suite.pdf", "PRELUDE", .diacriticsInsensitive),
        ("Suite.pdf", "Gigue", .missing),
        ("Nocturne.pdf", "Prélude", .missing),
        ("Nocturne.pdf", "etude", .diacriticsInsensitive),
    ])
    func bookmarksMatchByPathAndTitle(path: String, title: String, level: SetlistMatchLevel) {
        let match = matcher.matchBookmark(path: path, title: title)
        #expect(match.level == level)
        #expect(match.filenames == (level == .missing ? [] : [path.hasPrefix("N") ? "Nocturne.pdf" : "Suite.pdf"]))
    }

    @Test func entriesDispatchByKind() {
        #expect(matcher.match(.placeholder(title: "Break")) == nil)
        #expect(matcher.match(.score(path: "GYMNOPEDIE.pdf", title: "G", data: [1]))?.level == .caseInsensitive)
        #expect(matcher.match(.bookmark(path: "Suite.pdf", title: "Allemande"))?.level == .exact)
    }

    @Test func levelsHaveStableNames() {
        #expect(SetlistMatchLevel.allCases.map(\.rawValue) == ["exact", "case-insensitive", "diacritics-insensitive", "missing"])
    }
}
