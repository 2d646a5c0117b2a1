import Foundation
import Testing

import TestSupport

/// `apply` keeps replaced originals open for a moment (to free them on another thread), up to
/// a share of the descriptors the process may open: with very few allowed it keeps none, and
/// every file is still written.
struct ApplyDescriptorLimitTests {
    @Test(arguments: [40, 300])
    func everyFileIsWrittenWithFewDescriptors(limit: Int) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = scratch.url.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let count = 400
        for index in 0..<count {
            try TinyPDF.make(title: "Study \(index)").write(to: library.appendingPathComponent("study-\(index).pdf"))
        }
        let rules = scratch.url.appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        try Data("""
            return {
              name = "tag every score",
              apply = function(score) score.tags:add("limited") end,
            }
            """.utf8).write(to: rules.appendingPathComponent("tag.lua"))

        let result = try CLI.execute(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", CLI.binary.path, "apply", library.path, "--rules", rules.path,
             "--format", "json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = try JSONDecoder().decode(ReportJSON.Changes.self, from: Data(result.stdout.utf8))
        #expect(report.summary.written == count)
        let names = try FileManager.default.contentsOfDirectory(atPath: library.path)
        #expect(names.count == count, "no temporary file is left")
        for index in [0, count / 2, count - 1] {
            let fields = try PDFInfoOracle.fields(of: library.appendingPathComponent("study-\(index).pdf"))
            #expect(fields?["Keywords"] == "limited")
            #expect(fields?["Title"] == "Study \(index)")
        }
    }
}
