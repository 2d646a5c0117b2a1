import Foundation
import Testing

/// `tagrules inspect` on the demo library: the JSON contract, forScore's view, and the
/// unreadable files reported on stderr.
struct InspectTests {
    @Test func jsonContractOnTheDemoLibrary() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary()
        let result = try CLI.run(["inspect", "library", "--format", "json"], in: scratch.url)

        #expect(result.status == 1, "unreadable files make inspect exit 1")
        let report = try ReportJSON.decode(ReportJSON.Inspect.self, result.stdoutData)
        #expect(report.files.count == 9)
        #expect(report.files.map(\.path) == report.files.map(\.path).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        for keys in try ReportJSON.metadataKeySets(result.stdoutData) {
            #expect(keys == ReportJSON.metadataKeys)
        }

        let byName = Dictionary(uniqueKeysWithValues: report.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })
        let bach = try #require(byName[Fixtures.Demo.bach])
        #expect(bach.status == "ok")
        #expect(bach.pages == 1)
        #expect(bach.metadata?.title == "Minuet in G")
        #expect(bach.metadata?.tags == ["piano", "beginner"])
        #expect(bach.metadata?.rating == 4)
        #expect(bach.metadata?.difficulty == 2, "forScore-difficulty:2 is read as difficulty 2")
        #expect(bach.metadata?.keysf == nil)
        #expect(bach.info["Keywords"] == "piano, beginner, forScore-difficulty:2, rating:4")
        #expect(bach.diagnostics.contains { $0.code == "legacy-keyword" })

        let satie = try #require(byName[Fixtures.Demo.satie])
        #expect(satie.metadata?.rating == 5, "rating:9 is clamped to 5")
        #expect(satie.metadata?.keysf == 7)
        #expect(satie.diagnostics.filter { $0.code == "clamped" }.count == 3)

        let imslp = try #require(byName[Fixtures.Demo.imslp])
        #expect(imslp.metadata?.composers == ["Chopin", "Frédéric"], "forScore splits Author on commas")

        let notPDF = try #require(byName[Fixtures.Demo.notPDF])
        #expect(notPDF.status == "error")
        #expect(notPDF.metadata == nil)
        #expect(notPDF.error?.contains("not a PDF") == true)
        #expect(result.stderr.contains("library/\(Fixtures.Demo.notPDF): error: not a PDF"))

        let encrypted = try #require(byName[Fixtures.Demo.encrypted])
        #expect(encrypted.status == "ok", "AES-256 with the empty user password")
        #expect(encrypted.metadata?.title == "Ode to Joy", "pdfinfo reads this Title too")
        #expect(encrypted.diagnostics.contains { $0.code == "encrypted" && $0.message.contains("AES-256") })
        #expect(byName[Fixtures.Demo.truncated]?.diagnostics.contains { $0.code == "xref-reconstructed" } == true)

        let snapshot = try Fixtures.snapshot(library)
        #expect(try Fixtures.snapshot(library) == snapshot)
    }

    @Test func textShowsKeyNamesAndRawInfo() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.satie])
        let result = try CLI.run(["inspect", "library/\(Fixtures.Demo.satie)"], in: scratch.url)

        #expect(result.status == 0)
        #expect(result.stdout.contains("Gymnopédie No. 1"))
        #expect(result.stdout.contains("Keywords: rating:9, difficulty:two, duration:-30, keysf:12"))
        #expect(result.stdout.contains("warning: rating: 'rating:9' is read as 9, above 5; forScore shows 5"))
        #expect(result.stderr.isEmpty, "inspect's diagnostics are its data, on stdout")
        #expect(!result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test(arguments: ["pypdf-pdflatex-outline.pdf", "pdflib-with_update_sections.pdf", "pdfcpu-golang.pdf"])
    func outlineMatchesQPDF(name: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyCorpus([name])
        let result = try CLI.run(["inspect", "corpus/\(name)", "--format", "json"], in: scratch.url)
        #expect(result.status == 0)
        let report = try ReportJSON.decode(ReportJSON.Inspect.self, result.stdoutData)
        let file = try #require(report.files.first)
        let expected = try QPDFOutlineOracle.items(of: Fixtures.corpus.appendingPathComponent(name))
        #expect(file.toc.map(\.title) == expected.map(\.title))
        #expect(file.toc.map(\.level) == expected.map(\.level))
        let pages = try #require(file.pages)
        #expect(file.toc.allSatisfy { item in item.page.map { (1...pages).contains($0) } ?? true })
    }
}

/// The outline as qpdf reads it (`qpdf --json=2 --json-key=outlines`): titles and levels.
enum QPDFOutlineOracle {
    static func items(of file: URL) throws -> [(title: String, level: Int)] {
        guard let qpdf = CLI.which("qpdf") else { throw PDFInfoOracle.OracleMissing(name: "qpdf") }
        let result = try CLI.execute(qpdf, ["--json=2", "--json-key=outlines", file.path])
        let root = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        var items: [(String, Int)] = []
        func walk(_ list: [[String: Any]], _ level: Int) {
            for item in list {
                items.append((item["title"] as? String ?? "", level))
                walk(item["kids"] as? [[String: Any]] ?? [], level + 1)
            }
        }
        walk(root["outlines"] as? [[String: Any]] ?? [], 0)
        return items
    }
}
