import Foundation
import Testing

/// The shipped rules 13 (metadata from notation source) and 14 (title and composer from the
/// first page) on a real LilyPond engraving: Mutopia's *When the Swallows Homeward Fly* (Franz
/// Abt), compiled by LilyPond 2.24, its Info and XMP emptied (`Fixtures/first-page/README.md`).
struct NotationRulesTests {
    private static let folder = Fixtures.packageRoot.appendingPathComponent("Tests/TagrulesCLITests/Fixtures/first-page")
    private static let title = "When the Swallows Homeward Fly"

    /// The plan of the shipped rules for `files` (name in the scratch folder → fixture name).
    private func plan(_ files: [String: String]) throws -> ReportJSON.File {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        for (name, fixture) in files {
            try FileManager.default.copyItem(
                at: Self.folder.appendingPathComponent(fixture), to: scratch.url.appendingPathComponent(name))
        }
        let result = try CLI.run(["plan", ".", "--rules", Fixtures.rules.path, "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        return try #require(report.files.first)
    }

    /// The rules named for `field`'s change.
    private func rules(of field: String, in file: ReportJSON.File) -> [String] {
        file.changes.first { $0.field == field }?.rules ?? []
    }

    /// Where `field`'s change was read.
    private func origin(of field: String, in file: ReportJSON.File) -> [String] {
        file.changes.first { $0.field == field }?.from ?? []
    }

    @Test func aMeaninglessNameTakesTitleAndComposerFromThePrintedFirstPage() throws {
        // poppler, independent of tagrules, shows what page 1 prints.
        let pdftotext = try #require(CLI.which("pdftotext"), "pdftotext is not installed; run scripts/setup.sh")
        let printed = try CLI.execute(pdftotext, ["-f", "1", "-l", "1", Self.folder.appendingPathComponent("swallows.pdf").path, "-"])
        #expect(printed.stdout.contains(Self.title))
        #expect(printed.stdout.contains("Franz Abt (1819-1885)"))

        let file = try plan(["scan0001.pdf": "swallows.pdf"])
        #expect(file.before?.title == nil)
        #expect(file.after?.title == Self.title, "not 'scan0001' from the file name")
        #expect(file.after?.composers == ["Franz Abt"], "life dates dropped by rule 20")
        #expect(file.after?.genres == ["Romantic"])
        #expect(rules(of: "title", in: file).contains("title and composer from the first page"))
        #expect(!rules(of: "title", in: file).contains("title from filename"))
        #expect(rules(of: "composers", in: file).contains("title and composer from the first page"))
        #expect(origin(of: "title", in: file) == ["page 1"])
        #expect(origin(of: "composers", in: file) == ["page 1"])
    }

    @Test func theLilyPondSourceBesideThePDFGivesTitleComposerKeyAndPart() throws {
        let file = try plan(["swallows.pdf": "swallows.pdf", "swallows.ly": "swallows.ly"])
        #expect(file.after?.title == Self.title)
        #expect(file.after?.composers == ["Franz Abt"])
        #expect(file.after?.keysf == 1, "\\key g \\major")
        #expect(file.after?.keymi == 0)
        #expect(file.after?.tags == ["Voice and Piano"])
        for field in ["title", "composers", "keysf", "tags"] {
            #expect(rules(of: field, in: file).contains("metadata from notation source"), "\(field)")
            #expect(origin(of: field, in: file) == ["swallows.ly"], "\(field)")
        }
        #expect(!rules(of: "title", in: file).contains("title and composer from the first page"))
    }
}
