import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import PDFInfo

/// `FolderChecks` checks each folder of a group once and answers each path with its folder's
/// check, on edge and random paths.
struct FolderChecksTests {
    private static let pieces = ["a", "score.pdf", "Dvořák", "𝄞 Noten", " ", "/", "//", ".", "-", "e\u{301}", "é"]

    private static func randomPaths(_ count: Int) -> [String] {
        var generator = SystemRandomNumberGenerator()
        var paths = ["", "/", ".", "./", "x", "/x", "//x", "./x", "a/b", "/a/b/c.pdf", "a//b", "é/ü", "e\u{301}/ü"]
        for _ in 0..<count {
            paths.append((0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        return paths
    }

    /// Paths in random order, each answered as the folder's own check answers it, and each
    /// folder (as a dictionary key) checked once; canonically equal names share a check.
    @Test func answersAreTheFolderChecksOfFolderOf() {
        var generator = SystemRandomNumberGenerator()
        let paths = Self.randomPaths(300)
        func answer(_ folder: String) -> stat? {
            guard folder.utf8.count % 3 != 0 else { return nil }
            var info = stat()
            info.st_size = off_t(folder.utf8.count)
            info.st_ino = ino_t(folder.unicodeScalars.reduce(0) { $0 &* 31 &+ UInt64($1.value) } & 0xFFFF_FFFF)
            return info
        }
        let checks = FolderChecks()
        var asked: [String: Int] = [:]
        for path in (paths + paths + paths).shuffled(using: &generator) {
            let found = checks.info(ofFolderOf: path) { folder in
                asked[folder, default: 0] += 1
                return answer(folder)
            }
            // Canonically equal folders share the first one's check.
            let first = asked.keys.first { $0 == SafeFileWriter.folderOf(path) }
            let expected = first.map(answer) ?? nil
            #expect(found?.st_size == expected?.st_size && found?.st_ino == expected?.st_ino, "\(path)")
        }
        #expect(asked.values.allSatisfy { $0 == 1 })
        #expect(asked.count > 10)
    }
}
