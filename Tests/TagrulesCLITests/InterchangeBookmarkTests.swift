import Foundation
import MetadataModel
import Testing

/// The outline → bookmarks rule on a real outlined file (nested, several items per page),
/// checked against pikepdf's reading of the outline (scripts/pdf_oracle.py) with the rule of
/// pdf-metadata.txt worked out here, independently of `BookmarkRule`: `export csv`, `inspect`,
/// rules' `score.toc` and `setlist --bookmarks` must all agree with it.
struct InterchangeBookmarkTests {
    static let file = "pdfcpu-golang.pdf"

    struct Expected: Equatable {
        var title: String
        var first: Int
        var last: Int
    }

    /// pikepdf's outline and page count.
    static func oracle() throws -> (outline: [(title: String, level: Int, page: Int?)], pages: Int) {
        let python = try #require(CLI.which("python3"))
        let script = Fixtures.packageRoot.appendingPathComponent("scripts/pdf_oracle.py").path
        let result = try CLI.execute(python, [script, Fixtures.corpus.appendingPathComponent(file).path])
        struct Item: Decodable {
            var title: String
            var level: Int
            var target: [String: AnyCodable]?
        }
        struct AnyCodable: Decodable {
            var int: Int?
            init(from decoder: Decoder) throws { int = try? decoder.singleValueContainer().decode(Int.self) }
        }
        struct Output: Decodable {
            var pages: Int
            var outline: [Item]
        }
        let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        return (output.outline.map { ($0.title, $0.level, $0.target?["page"]?.int) }, output.pages)
    }

    /// pdf-metadata.txt: a piece ends one page before the next item's first page; link items
    /// are not bookmarks. Nested items: the next item at the same or a shallower level.
    static func expected() throws -> [Expected] {
        let (outline, pages) = try oracle()
        let items = outline.compactMap { item in item.page.map { (item.title, item.level, $0 + 1) } }
        #expect(items.count == outline.count, "every item of this file has a page target")
        return items.indices.map { index in
            let (title, level, first) = items[index]
            let next = items[(index + 1)...].first { $0.1 <= level }
            return Expected(title: title, first: first, last: next.map { max(first, $0.2 - 1) } ?? pages)
        }
    }

    @Test func exportInspectRulesAndSetlistAgreeWithTheOutline() throws {
        let expected = try Self.expected()
        #expect(expected.count == 31)
        #expect(expected.contains { $0.first < $0.last }, "some pieces span pages")
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyCorpus([Self.file])

        let export = try CLI.run(["export", "csv", "corpus"], in: scratch.url)
        #expect(export.status == 0, "\(export.stderr)")
        let table = try LibraryCSV.decode(export.stdout)
        #expect(table.records.first?.row.isBookmark == false)
        let rows = table.records.dropFirst().map(\.row)
        #expect(rows.allSatisfy { $0.filename == Self.file && $0.rating == "0" && $0.composers.isEmpty })
        #expect(rows.map { Expected(title: $0.title, first: Int($0.startPage) ?? 0, last: Int($0.endPage) ?? 0) } == expected)

        let inspect = try CLI.run(["inspect", "corpus", "--format", "json"], in: scratch.url)
        struct Inspect: Decodable {
            struct File: Decodable { var toc: [TOC] }
            struct TOC: Decodable {
                var title: String
                var level: Int
                var page: Int?
            }
            var files: [File]
        }
        let toc = try #require(try JSONDecoder().decode(Inspect.self, from: inspect.stdoutData).files.first).toc
        let (outline, _) = try Self.oracle()
        #expect(toc.map(\.title) == outline.map(\.title))
        #expect(toc.map(\.level) == outline.map(\.level))
        #expect(toc.map(\.page) == outline.map { $0.page.map { $0 + 1 } })

        let rules = try scratch.writeRules(["toc.lua": """
            return { name = "toc", apply = function(score)
              for _, item in ipairs(score.toc) do
                tagrules.log(item.title .. "|" .. item.first_page .. "|" .. item.last_page)
              end
            end }
            """])
        let plan = try CLI.run(["plan", "corpus", "--rules", rules.path, "--format", "json"], in: scratch.url)
        let logged = try ReportJSON.decode(ReportJSON.Changes.self, plan.stdoutData).files.first?.diagnostics
            .filter { $0.code == "log" }.map { $0.message.replacingOccurrences(of: "rule 'toc', toc.lua:3: ", with: "") } ?? []
        #expect(logged == expected.map { "\($0.title)|\($0.first)|\($0.last)" }, "\(logged.prefix(2))")

        let setlist = try CLI.run(["setlist", "--title", "Go", "corpus", "--bookmarks"], in: scratch.url)
        let entries = try Setlist.parse(xml: setlist.stdout).setlist.entries
        #expect(entries == expected.map { .bookmark(path: Self.file, title: $0.title) })

        try setlist.stdout.write(to: scratch.url.appendingPathComponent("go.4ss"), atomically: true, encoding: .utf8)
        let check = try CLI.run(["setlist", "check", "go.4ss", "--library", "corpus"], in: scratch.url)
        #expect(check.status == 0, "every bookmark is found exactly: \(check.stdout)")
        #expect(check.stdout.contains("31 entries: 31 exact"))
    }
}
