import Foundation
import Testing

@testable import TagrulesKit

/// `TreeScanner`: a score whose name is not UTF-8 is listed as unnamable (watch reports it)
/// instead of being missed silently; the other scores are found with their stamps.
struct WatchTreeScannerTests {
    @Test func aNameThatIsNotUTF8IsReportedNotMissed() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let score = try Data(contentsOf: Fixtures.library.appendingPathComponent(Fixtures.Demo.bach))
        let folder = Array(scratch.url.path.utf8)
        try RawPath.create(score, at: folder + Array("/Caf".utf8) + [0xE9] + Array(".pdf".utf8))
        try RawPath.create(score, at: folder + Array("/fine.pdf".utf8))
        try RawPath.create(Data("x".utf8), at: folder + Array("/notes-".utf8) + [0xFF] + Array(".txt".utf8))
        let result = TreeScanner().scan(scratch.url.path)
        #expect(result.files.keys.map { URL(fileURLWithPath: $0).lastPathComponent } == ["fine.pdf"])
        #expect(result.unnamable.count == 1, "\(result.unnamable)")
        #expect(result.unnamable.first?.hasSuffix(".pdf") == true)
    }
}
