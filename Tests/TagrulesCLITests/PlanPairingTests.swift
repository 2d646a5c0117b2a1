import Foundation
import Testing

/// `plan` gives each readable score the proposal the rules made for it: when files that cannot
/// be read sit among the scores (they get no proposal) and when every file was read (the scores
/// then go to the rules as they are, without a filtered copy), each file's entry in a plan of
/// the whole folder equals its entry in a plan of that file alone, in discovery order.
struct PlanPairingTests {
    @Test(arguments: [false, true])
    func eachEntryEqualsThePlanOfItsFileAlone(withUnreadableFiles: Bool) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: Fixtures.Demo.writable + (withUnreadableFiles ? [Fixtures.Demo.notPDF] : []))
        if withUnreadableFiles {
            // First, between two scores, and last in the folder's byte order.
            for name in ["0 empty.pdf", "C empty.pdf", "zz empty.pdf"] {
                try Data().write(to: library.appendingPathComponent(name))
            }
        }
        let whole = try Self.files(of: ["library"], in: scratch)
        let names = try FileManager.default.contentsOfDirectory(atPath: library.path)
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(whole.map(\.path) == names.map { "library/\($0)" })
        #expect(whole.contains { $0.status == "changed" }, "the rules change some of the demo scores")
        #expect(whole.filter { $0.status == "error" }.count == (withUnreadableFiles ? 4 : 0))
        for file in whole {
            let alone = try Self.files(of: [file.path], in: scratch)
            #expect(alone.count == 1)
            #expect(alone.first?.json == file.json, "\(file.path)")
        }
    }

    /// The `files` of a JSON plan of `paths` (run in `scratch`) with the shipped rules, each
    /// with its path, status and its JSON object re-serialized with sorted keys.
    private static func files(of paths: [String], in scratch: Fixtures.Scratch) throws -> [(path: String, status: String, json: Data)] {
        let result = try CLI.run(
            ["plan"] + paths + ["--rules", Fixtures.rules.path, "--format", "json", "--jobs", "2"], in: scratch.url)
        let root = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result.stderr)")
        let files = try #require(root["files"] as? [[String: Any]])
        return try files.map { file in
            let path = try #require(file["path"] as? String)
            let status = try #require(file["status"] as? String)
            return (path, status, try JSONSerialization.data(withJSONObject: file, options: [.sortedKeys]))
        }
    }
}
