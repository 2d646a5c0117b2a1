import Foundation
import Testing

/// A rule sees the page count and outline whether it names `pages` and `toc` or reaches them
/// another way (a computed key, `pairs(score.file)`): issue 29 removed the scan of rule text
/// that once decided whether to read them. Both ways must give the same values, and the page
/// counts must be qpdf's.
struct DeferredFactsPlanTests {
    /// Corpus files with outlines, and demo scores without.
    static let corpusFiles = ["pypdf-pdflatex-outline.pdf", "pdflib-with_update_sections.pdf", "pdfcpu-golang.pdf"]

    /// A rule that tags each score with its page count (read by key and by `pairs`), its
    /// number of bookmarks and the first bookmark's last page. `pagesKey` and `outlineKey` are
    /// Lua expressions for the names of the two facts.
    static func factsRule(pagesKey: String, outlineKey: String) -> String {
        """
        return {
          name = "facts",
          apply = function(score)
            local file = score.file
            local listed
            for key, value in pairs(file) do
              if key == \(pagesKey) then listed = value end
            end
            local marks = score[\(outlineKey)]
            local first = marks[1] and marks[1].last_page
            score.tags:add("p" .. tostring(file[\(pagesKey)]) .. " l" .. tostring(listed) .. " b" .. #marks .. " f" .. tostring(first))
          end,
        }
        """
    }

    /// The tags `plan` proposes per file name, with the rules of `rules`.
    static func plannedTags(_ scratch: Fixtures.Scratch, rules: String) throws -> [String: [String]] {
        let plan = try CLI.run(["plan", "library", "corpus", "--rules", rules, "--format", "json"], in: scratch.url)
        #expect(plan.status == 0, "\(plan.stderr)")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, plan.stdoutData)
        return Dictionary(uniqueKeysWithValues: report.files.map {
            (URL(fileURLWithPath: $0.path).lastPathComponent, $0.after?.tags ?? [])
        })
    }

    @Test func factsReadOnDemandEqualFactsReadUpFront() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: Fixtures.Demo.writable)
        let corpus = try scratch.copyCorpus(Self.corpusFiles)
        // Named: both words are in the rule file.
        _ = try scratch.writeRules(
            ["10-facts.lua": Self.factsRule(pagesKey: #""pages""#, outlineKey: #""toc""#)], folder: "named")
        // Unnamed: neither word is anywhere in the folder.
        _ = try scratch.writeRules(
            ["10-facts.lua": Self.factsRule(pagesKey: #""pa" .. "ges""#, outlineKey: #""t" .. "oc""#)], folder: "unnamed")
        let named = try Self.plannedTags(scratch, rules: "named")
        let unnamed = try Self.plannedTags(scratch, rules: "unnamed")
        #expect(named.count == Fixtures.Demo.writable.count + Self.corpusFiles.count)
        #expect(unnamed == named)

        guard let qpdf = CLI.which("qpdf") else { throw PDFInfoOracle.OracleMissing(name: "qpdf") }
        for name in Self.corpusFiles {
            let pages = try CLI.execute(qpdf, ["--show-npages", corpus.appendingPathComponent(name).path])
            let count = pages.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let tag = try #require(unnamed[name]?.first { $0.hasPrefix("p") }, "\(name): \(unnamed[name] ?? [])")
            #expect(tag.hasPrefix("p\(count) l\(count) b"), "\(name): \(tag)")
            #expect(!tag.contains(" b0 "), "\(name) has an outline: \(tag)")
        }
    }
}
