import Foundation
import MetadataModel
import Testing
@testable import RuleHost

/// `score.source` and `score.text` (issue 27): read from the score's `ScoreDocument` only when a
/// rule reads them, once per score however many rules do; read-only; the changes of a rule that
/// read them name where they came from.
struct ScoreDocumentTests {
    /// A document that counts how often each fact is asked for.
    final class CountingDocument: ScoreDocument {
        let values: ScoreDocumentValues
        private(set) var sourceReads = 0
        private(set) var textReads = 0

        init(_ values: ScoreDocumentValues) { self.values = values }

        func notationSource() -> NotationSource? {
            sourceReads += 1
            return values.source
        }

        func firstPageText() -> PageText? {
            textReads += 1
            return values.text
        }
    }

    /// What MuseScore 3's demo score `Reunion.mscz` states (Tests/NotationTests/Fixtures), beside
    /// a PDF named `Nocturne.pdf`.
    static let reunion = NotationSource(
        format: .compressedMuseScore, path: "Scores/Nocturne.mscz", title: "Reunion", composers: ["Marc Sabatella"],
        keysf: -1, keymi: 0, time: "4/4", tempo: NotationSource.Tempo(text: "Andante con moto", quarterNotesPerMinute: 120),
        parts: [NotationSource.Part(name: "Piano", instrument: "Piano")])

    /// The top of the first page of the sample library's LilyPond-engraved `Chopin Nocturne
    /// Op.9 No.2 Es-Dur.pdf` as PDFInfo reads it (`pdfinfo-bench --print-text`): title, subtitle,
    /// composer right-aligned below.
    static let nocturnePage = PageText(
        lines: [
            PageTextLine(text: "Nocturne", size: 17.4, x: 255.03, y: 31.71),
            PageTextLine(text: "Op. 9 No. 2", size: 12.3, x: 263.79, y: 49.14),
            PageTextLine(text: "F. Chopin", size: 10.96, x: 518.12, y: 66.58),
        ],
        width: 595.28, height: 841.89)

    static let document = ScoreDocumentValues(source: reunion, text: nocturnePage)

    /// Runs the rules of `files` on `count` scores, each with its own counting document.
    private func run(
        _ files: [String: String], count: Int = 1, values: ScoreDocumentValues = document
    ) throws -> (results: [ScoreResult], documents: [CountingDocument]) {
        let folder = try RuleFolder(files)
        let runner = try RuleRunner(ruleSet: try folder.ruleSet())
        let documents = (0..<count).map { _ in CountingDocument(values) }
        let results = documents.enumerated().map { index, document in
            runner.run(score("Scores/Nocturne \(index).pdf"), document: document)
        }
        return (results, documents)
    }

    @Test func rulesThatNeverReadThemNeverAskTheDocument() throws {
        let (results, documents) = try run(
            [
                "10-a.lua": ruleFile("a", #"score.title = score.file.stem .. (score.info.Title or "")"#),
                "20-b.lua": ruleFile("b", #"score.tags:add(tostring(#score.toc))"#),
            ], count: 3)
        #expect(results.map(\.after.title) == ["Nocturne 0", "Nocturne 1", "Nocturne 2"])
        #expect(documents.map(\.sourceReads) == [0, 0, 0])
        #expect(documents.map(\.textReads) == [0, 0, 0])
        #expect(results.allSatisfy { $0.changes.allSatisfy(\.from.isEmpty) })
    }

    @Test func severalRulesReadingThemAskOncePerScore() throws {
        let (results, documents) = try run(
            [
                "10-a.lua": ruleFile("a", #"score.title = score.source.title"#),
                "20-b.lua": ruleFile("b", #"score.composers = { score.source.composers[1] } score.tags:add(score.text[1].text)"#),
                "30-c.lua": ruleFile("c", #"local s, t = score.source, score.text score.genres:add(s.time .. " " .. #t)"#),
            ], count: 2)
        #expect(results.map(\.after) == Array(repeating: ScoreMetadata(
            title: "Reunion", composers: ["Marc Sabatella"], genres: ["4/4 3"], tags: ["Nocturne"]), count: 2))
        #expect(documents.map(\.sourceReads) == [1, 1])
        #expect(documents.map(\.textReads) == [1, 1])
    }

    @Test func sourceFieldsAsRulesSeeThem() throws {
        let body = #"""
            local s = score.source
            local p = s.parts[1]
            score.tags = { s.format, s.name, s.path, s.title, s.composers[1], tostring(#s.lyricists), tostring(s.subtitle),
              s.keysf .. "/" .. s.keymi, s.time, s.tempo.text, tostring(s.tempo.bpm), "part " .. p.name, "instrument " .. p.instrument,
              tostring(#s.parts) }
            """#
        let (results, _) = try run(["10-a.lua": ruleFile("a", body)])
        #expect(results[0].after.tags == [
            "mscz", "Nocturne.mscz", "Scores/Nocturne.mscz", "Reunion", "Marc Sabatella", "0", "nil", "-1/0", "4/4",
            "Andante con moto", "120.0", "part Piano", "instrument Piano", "1",
        ])
    }

    @Test func sourceListsAssignToScoreLists() throws {
        let (results, _) = try run([
            "10-a.lua": ruleFile("a", "score.composers = score.source.composers score.tags = score.source.lyricists"),
            "20-b.lua": ruleFile("b", "score.genres = score.source.parts"),
        ])
        #expect(results[0].after.composers == ["Marc Sabatella"])
        #expect(results[0].after.tags == [])
        #expect(results[0].diagnostics.map(\.message) == ["score.genres[1] must be a non-empty string, got a userdata"])
    }

    @Test func textLinesTopToBottomWithThePageSize() throws {
        let body = #"""
            local t = score.text
            local seen = {}
            for i, line in ipairs(t) do seen[i] = line.text .. "@" .. math.floor(line.y) .. "|" .. math.floor(line.x) .. "|" .. line.size end
            seen[#seen + 1] = #t .. " " .. math.floor(t.width) .. "x" .. math.floor(t.height)
            score.tags = seen
            """#
        let (results, _) = try run(["10-a.lua": ruleFile("a", body)])
        #expect(results[0].after.tags == ["Nocturne@31|255|17.4", "Op. 9 No. 2@49|263|12.3", "F. Chopin@66|518|10.96", "3 595x841"])
    }

    @Test func withoutADocumentOrAFileBothAreNil() throws {
        let body = #"score.tags = { "source " .. tostring(score.source), "text " .. tostring(score.text and #score.text) }"#
        let folder = try RuleFolder(["10-a.lua": ruleFile("a", body)])
        let runner = try RuleRunner(ruleSet: try folder.ruleSet())
        #expect(runner.run(score("x.pdf")).after.tags == ["source nil", "text nil"])
        #expect(runner.run(score("x.pdf"), document: ScoreDocumentValues()).after.tags == ["source nil", "text nil"])
        let scan = ScoreDocumentValues(text: PageText(lines: [], width: 612, height: 792, notes: [.noText(images: 1)]))
        let scanned = runner.run(score("scan.pdf"), document: scan)
        #expect(scanned.after.tags == ["source nil", "text 0"])
    }

    @Test(arguments: [
        ("score.source.title = 'x'", "score.source.title is read-only"),
        ("score.source = {}", "score.source is read-only"),
        ("score.text = nil", "score.text is read-only"),
        ("score.text[1].text = 'x'", "score.text[1].text is read-only"),
        ("score.source.parts[1].name = 'x'", "score.source.parts[1].name is read-only"),
        ("score.source.composers[2] = 'x'", "score.source.composers[2] is read-only"),
        ("score.source.tempo.bpm = 1", "score.source.tempo.bpm is read-only"),
        ("rawset(score.text, 1, 'x')", "bad argument #1 to 'rawset' (table expected, got tagrules.readonly)"),
    ])
    func theyAreReadOnly(body: String, message: String) throws {
        let (results, _) = try run(["10-a.lua": ruleFile("a", body)])
        #expect(results[0].diagnostics.map(\.message) == [message])
    }

    @Test func changesNameWhereTheirRulesRead() throws {
        let (results, _) = try run([
            "10-a.lua": ruleFile("from source", #"score.title = score.source.title score.key = tagrules.key.name(score.source.keysf, score.source.keymi)"#),
            "20-b.lua": ruleFile("from page", #"score.composers = { score.text[3].text }"#),
            "30-c.lua": ruleFile("both", #"if score.source and #score.text > 0 then score.genres:add("Jazz") end"#),
            "40-d.lua": ruleFile("neither", #"score.rating = 3 score.title = score.title .. "!""#),
            "50-e.lua": ruleFile("reads only", #"local _ = score.source"#),
        ], count: 2)
        for result in results {
            #expect(result.changes.map(\.change.field) == [.title, .composers, .genres, .rating, .keysf, .keymi])
            #expect(result.changes.map(\.rules) == [
                ["from source", "neither"], ["from page"], ["both"], ["neither"], ["from source"], ["from source"],
            ])
            #expect(result.changes.map(\.from) == [
                ["Nocturne.mscz"], ["page 1"], ["Nocturne.mscz", "page 1"], [], ["Nocturne.mscz"], ["Nocturne.mscz"],
            ])
        }
    }

    @Test func examplesGiveSourceAndText() throws {
        let rule = #"""
            return {
              name = "from source and page",
              apply = function(score)
                if score.source then
                  score.title = score.source.title
                  score.key = tagrules.key.name(score.source.keysf, score.source.keymi)
                  score.tags:add(score.source.format .. " " .. tostring(score.source.tempo and score.source.tempo.bpm))
                end
                local top = score.text and score.text[1]
                if top and top.y < 100 then score.composers:add(score.text[#score.text].text) end
                if score.text then score.genres:add(math.floor(score.text.width) .. "") end
              end,
              examples = {
                { given = { source = { name = "Nocturne.mscz", title = "Nocturne", keysf = -3, keymi = 0, tempo = { bpm = 60 } } },
                  expect = { title = "Nocturne", key = "E♭ major", tags = { "mscz 60.0" }, composers = false } },
                { given = { source = { path = "x/Air.ly", title = "Air", tempo = "Lento" },
                            text = { { text = "Air", size = 20, x = 280, y = 60 }, { text = "J. S. Bach", size = 10, x = 500, y = 90 } } },
                  expect = { title = "Air", tags = { "ly nil" }, composers = { "J. S. Bach" }, genres = { "595" } } },
                { given = { text = { width = 612, height = 792 } }, expect = { title = false, genres = { "612" } } },
                { given = { source = { title = "Wrong" } }, expect = { title = "Right" } },
              },
            }
            """#
        let folder = try RuleFolder(["50-rule.lua": rule])
        let results = try RuleExamplesRunner.run(try folder.ruleSet())
        #expect(results.map(\.mismatches.isEmpty) == [true, true, true, false])
        #expect(results.flatMap(\.diagnostics) == [])
    }

    @Test(arguments: [
        ("source = 'x'", "examples[1].given.source must be a table such as { title = \"Nocturne\", composers = { \"Chopin\" } }"),
        ("source = { titel = 'x' }", "examples[1].given.source has an unknown field 'titel'"),
        ("source = { format = 'pdf' }", "examples[1].given.source.format must be one of musicxml, mxl, mscx, mscz, ly"),
        ("source = { keysf = 'x' }", "examples[1].given.source.keysf must be a whole number"),
        ("text = { { text = 'x' } }", "examples[1].given.text items need a text and the numbers size, x and y"),
    ])
    func badExampleDocumentsAreNamed(given: String, message: String) throws {
        let rule = """
            return { name = "r", apply = function(score) end, examples = { { given = { \(given) }, expect = { title = false } } } }
            """
        let folder = try RuleFolder(["50-rule.lua": rule])
        let set = try folder.ruleSet()
        let messages = set.diagnostics.map(\.message)
        #expect(messages.contains { $0.hasPrefix("rule 'r': " + message) }, "\(messages)")
    }
}
