import Foundation
import Testing

/// The oracle check (`scripts/oracle_check.py`, issue 26) over the shared corpus, with the
/// binary under test: every file read without a crash or hang; inspect, plan, set and apply
/// agree on which files are damaged; every file refused as damaged is one `qpdf --check`
/// faults; every file written keeps its original bytes as a prefix, is no worse for qpdf, reads
/// back the values written in pikepdf, pdfinfo and exiftool, is not written again by a second
/// identical `set`, and is restored by `undo`. The peer corpus is the same check run by hand
/// (the README says how).
struct OracleCheckTests {
    @Test func theSharedCorpusPassesTheOracleCheck() throws {
        let python = try #require(CLI.which("python3"))
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-check-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let script = Fixtures.packageRoot.appendingPathComponent("scripts/oracle_check.py").path
        let result = try CLI.execute(python, [
            script, Fixtures.corpus.path, "--binary", CLI.binary.path, "--jobs", "2", "--json", report.path,
        ])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let decoded = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        let counts = try #require(decoded?["counts"] as? [String: Int])
        #expect(counts["files"] ?? 0 >= 170)
        #expect(counts["crashes"] == 0)
        #expect(counts["hangs"] == 0)
        #expect(counts["files failing a check"] == 0)
        #expect(counts["written"] ?? 0 >= 120, "\(counts)")
        #expect(counts["refused as damaged"] ?? 0 >= 5, "\(counts)")
    }
}
