import TestSupport
import Testing

@testable import RuleHost

/// `FileFacts(path:)` splits paths in the string's own bytes; the pieces equal those of the
/// split by `String.Index` it replaced (`reference`).
struct FileFactsTests {
    @Test(arguments: [
        "Scores/Chopin - Nocturne.pdf", "Chopin.pdf", "/tmp/lib2k/00001-Beethoven_Ode_to_Joy_D.pdf", ".hidden",
        "a/.hidden", "a/b.c/d", "a/b/", "/", "", "noext", "x.tar.gz", "Scores/Gymnopédie No. 1.pdf", "é/ü.ö",
        "./a.", "a/.", "..", "dir/..pdf", "a/\u{301}b.pdf", "/\u{301}", "x\u{600}/y.z", "a/b\u{600}.c", "\u{600}/x",
        "a/\u{200D}b", "é/ü.pdf", "é/ü\u{301}.pdf",
    ])
    func splitsLikeTheReference(path: String) {
        #expect(FileFacts(path: path, pages: 3) == reference(path, pages: 3))
    }

    @Test func randomPathsSplitLikeTheReference() {
        let pieces = ["a", "B", "/", ".", "é", "-", " ", "pdf", "♭", "\u{301}", "//", "..", "\u{600}", "\u{200D}", "\r\n"]
        var random = SplitMix64(seed: 0x4669_6C65)
        for _ in 0..<3_000 {
            let path = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            #expect(FileFacts(path: path) == reference(path, pages: nil), "\(path.debugDescription)")
        }
    }

    /// The split as it was: by `String.Index` around the last "/" and the last ".".
    private func reference(_ path: String, pages: Int?) -> FileFacts {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let folder = slash.map { String(path[..<$0]) } ?? ""
        var stem = name
        if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex { stem = String(name[..<dot]) }
        return FileFacts(path: path, name: name, stem: stem, folder: folder, pages: pages)
    }
}
