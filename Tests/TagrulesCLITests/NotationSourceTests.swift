import Foundation
import Testing

/// `score.source` and `score.text` end to end (issue 27): real PDFs beside the notation files
/// they were engraved from — the sample library's LilyPond scores beside their `.ly` sources,
/// MuseScore 3's demo score exported by `mscore3` beside its `.mscz` — a damaged `.mxl`, and a
/// scanned page beside a MusicXML `.xml` (as optical music recognition leaves one). Page text
/// is checked against poppler's `pdftotext`.
struct NotationSourceTests {
    static let samples = Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/samples")
    static let notationFixtures = Fixtures.packageRoot.appendingPathComponent("Tests/NotationTests/Fixtures")
    static let pdfFixtures = Fixtures.packageRoot.appendingPathComponent("Tests/TagrulesCLITests/Fixtures/notation")

    /// Takes the title, composers and key from the notation source.
    static let sourceRule = """
        return {
          name = "notation metadata",
          apply = function(score)
            local source = score.source
            if not source then return end
            score.title = source.title
            score.composers = source.composers
            if source.keysf and source.keymi then score.key = tagrules.key.name(source.keysf, source.keymi) end
          end,
        }
        """

    /// Tags a score with its first printed line.
    static let pageRule = """
        return {
          name = "first line",
          apply = function(score)
            local top = score.text and score.text[1]
            if top then score.tags:add("top " .. top.text) end
          end,
        }
        """

    /// Names no notation or page fact: tags each score with its file's stem.
    static let fileRule = """
        return {
          name = "stem",
          apply = function(score) score.tags:add(score.file.stem) end,
        }
        """

    /// A scratch folder: `music/` holds the Chopin sample beside its LilyPond source, Reunion
    /// beside its `.mscz`, the Beethoven sample beside a cut-short `.mxl` and the scan beside a
    /// MusicXML file (music21's `quod_jactatur.xml`).
    static func library() throws -> (Fixtures.Scratch, URL) {
        let scratch = try Fixtures.Scratch()
        let music = scratch.url.appendingPathComponent("music")
        try FileManager.default.createDirectory(at: music, withIntermediateDirectories: true)
        let copies: [(URL, String)] = [
            (Fixtures.library.appendingPathComponent(Fixtures.Demo.chopin), Fixtures.Demo.chopin),
            (samples.appendingPathComponent("lilypond/nocturne.ly"), "Chopin Nocturne Op.9 No.2 Es-Dur.ly"),
            (pdfFixtures.appendingPathComponent("Reunion.pdf"), "Reunion.pdf"),
            (notationFixtures.appendingPathComponent("Reunion.mscz"), "Reunion.mscz"),
            (Fixtures.library.appendingPathComponent(Fixtures.Demo.beethoven), Fixtures.Demo.beethoven),
            (pdfFixtures.appendingPathComponent("scan.pdf"), "scan0001.pdf"),
            (notationFixtures.appendingPathComponent("quod_jactatur.xml"), "scan0001.xml"),
        ]
        for (source, name) in copies {
            let target = music.appendingPathComponent(name)
            try FileManager.default.copyItem(at: source, to: target)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        }
        // A download cut short: the first 600 bytes of a real MusicXML archive.
        let archive = try Data(contentsOf: notationFixtures.appendingPathComponent("lift_every_voice.mxl"))
        try archive.prefix(600).write(to: music.appendingPathComponent("Beethoven_Ode_to_Joy_D.mxl"))
        return (scratch, music)
    }

    /// poppler's first line of text on page 1 of `pdf`.
    static func popplerFirstLine(_ pdf: URL) throws -> String? {
        guard let pdftotext = CLI.which("pdftotext") else { throw PDFInfoOracle.OracleMissing(name: "pdftotext") }
        let process = Process()
        process.executableURL = pdftotext
        process.arguments = ["-f", "1", "-l", "1", pdf.path, "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }

    static func plan(_ scratch: Fixtures.Scratch, rules: [String: String]) throws -> [String: ReportJSON.File] {
        _ = try scratch.writeRules(rules)
        let result = try CLI.run(["plan", "music", "--rules", "rules", "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        return Dictionary(uniqueKeysWithValues: report.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })
    }

    @Test func planTakesValuesFromTheNotationFileAndThePageAndSaysSo() throws {
        let (scratch, music) = try Self.library()
        defer { scratch.remove() }
        let files = try Self.plan(scratch, rules: ["50-source.lua": Self.sourceRule, "51-page.lua": Self.pageRule])
        #expect(files.count == 4)

        let reunion = try #require(files["Reunion.pdf"])
        #expect(reunion.after?.composers == ["Marc Sabatella"])
        #expect(reunion.after?.keysf == -1 && reunion.after?.keymi == 0, "Reunion is in F major")
        let composers = try #require(reunion.changes.first { $0.field == "composers" })
        #expect(composers.rules == ["notation metadata"])
        #expect(composers.from == ["Reunion.mscz"])
        let firstLine = try #require(try Self.popplerFirstLine(music.appendingPathComponent("Reunion.pdf")))
        #expect(firstLine == "Reunion")
        #expect(reunion.after?.tags == ["top " + firstLine])
        #expect(reunion.changes.first { $0.field == "tags" }?.from == ["page 1"])

        let chopin = try #require(files[Fixtures.Demo.chopin])
        #expect(chopin.after?.title == "Nocturne")
        #expect(chopin.after?.composers == ["F. Chopin"])
        #expect(chopin.after?.keysf == -3 && chopin.after?.keymi == 0, #"\key ees \major"#)
        #expect(chopin.changes.first { $0.field == "keysf" }?.from == ["Chopin Nocturne Op.9 No.2 Es-Dur.ly"])
        let chopinLine = try #require(try Self.popplerFirstLine(music.appendingPathComponent(Fixtures.Demo.chopin)))
        #expect(chopin.after?.tags == ["top " + chopinLine])

        // The damaged archive is named in a warning; the score still gets its page's value.
        let beethoven = try #require(files[Fixtures.Demo.beethoven])
        #expect(beethoven.status == "changed")
        let warning = try #require(beethoven.diagnostics.first { $0.message.contains("Beethoven_Ode_to_Joy_D.mxl") })
        #expect(warning.severity == "warning")
        #expect(warning.code == "damaged-archive")
        #expect(beethoven.after?.composers == beethoven.before?.composers, "no source: the rule leaves composers")
        let beethovenLine = try #require(try Self.popplerFirstLine(music.appendingPathComponent(Fixtures.Demo.beethoven)))
        #expect(beethoven.after?.tags == ["top " + beethovenLine])

        // A scan: the MusicXML beside it gives the values, the page none.
        let scan = try #require(files["scan0001.pdf"])
        #expect(scan.after?.composers == ["Johannes Ciconia"])
        #expect(scan.changes.map(\.field) == ["title", "composers", "keysf", "keymi"])
        #expect(scan.changes.allSatisfy { $0.from == ["scan0001.xml"] })
        #expect(try Self.popplerFirstLine(music.appendingPathComponent("scan0001.pdf")) == nil, "poppler finds no text either")
        let note = try #require(scan.diagnostics.first { $0.code == "no-page-text" })
        #expect(note.severity == "info")
        #expect(note.message == "page 1 has no text (a scan?)")
    }

    @Test func rulesThatNeverReadThemLeaveBothUnread() throws {
        let (scratch, _) = try Self.library()
        defer { scratch.remove() }
        let files = try Self.plan(scratch, rules: ["50-stem.lua": Self.fileRule])
        #expect(files.count == 4)
        for (name, file) in files {
            #expect(file.after?.tags.last == String(name.dropLast(4)))
            #expect(file.changes.allSatisfy { $0.from.isEmpty }, "\(name)")
            // Reading the notation file or the page would have said so about these two.
            #expect(!file.diagnostics.contains { $0.code == "damaged-archive" || $0.code == "no-page-text" }, "\(name)")
        }
    }

    @Test func textMarkdownAndHTMLReportsNameTheFileAndThePage() throws {
        let (scratch, _) = try Self.library()
        defer { scratch.remove() }
        _ = try scratch.writeRules(["50-source.lua": Self.sourceRule, "51-page.lua": Self.pageRule])
        let text = try CLI.run(["plan", "music/Reunion.pdf", "--rules", "rules"], in: scratch.url)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("composers   — → Marc Sabatella  (notation metadata, from Reunion.mscz)"), "\(text.stdout)")
        #expect(text.stdout.contains("tags        — → top Reunion  (first line, from page 1)"), "\(text.stdout)")
        let markdown = try CLI.run(["plan", "music/Reunion.pdf", "--rules", "rules", "--format", "markdown"], in: scratch.url)
        #expect(markdown.stdout.contains("| composers | — | Marc Sabatella | notation metadata, from Reunion.mscz |"), "\(markdown.stdout)")
        let html = try CLI.run(["plan", "music/Reunion.pdf", "--rules", "rules", "--format", "html"], in: scratch.url)
        #expect(html.stdout.contains(#"<td class="rules">first line, from page 1</td>"#), "\(html.stdout)")
    }

    /// `apply --interactive` shows where each proposed value came from, and its report of the
    /// files written keeps it.
    @Test func interactiveApplyShowsAndKeepsWhereValuesCameFrom() throws {
        let (scratch, _) = try Self.library()
        defer { scratch.remove() }
        _ = try scratch.writeRules(["50-source.lua": Self.sourceRule, "51-page.lua": Self.pageRule])
        let result = try PTY.run(
            ["apply", "music/Reunion.pdf", "--rules", "rules", "-i", "--format", "json", "-o", "report.json"],
            steps: [
                .expect(#"composers +— → Marc Sabatella +\(notation metadata, from Reunion\.mscz\)\n(.*\n)*.*\[q\]uit: "#),
                .send("y\n"),
            ], in: scratch.url)
        #expect(result.status == 0, "\(result.stdout)")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, try Data(contentsOf: scratch.url.appendingPathComponent("report.json")))
        #expect(report.summary.written == 1)
        let changes = try #require(report.files.first?.changes)
        #expect(changes.first { $0.field == "composers" }?.from == ["Reunion.mscz"])
        #expect(changes.first { $0.field == "tags" }?.from == ["page 1"])
    }

    @Test func inspectShowsTheNotationSource() throws {
        let (scratch, _) = try Self.library()
        defer { scratch.remove() }
        let result = try CLI.run(["inspect", "music", "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try ReportJSON.decode(ReportJSON.Inspect.self, result.stdoutData)
        let byName = Dictionary(uniqueKeysWithValues: report.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })
        #expect(byName["Reunion.pdf"]?.source == ReportJSON.Source(
            format: "mscz", path: "music/Reunion.mscz", title: "Reunion", subtitle: nil, movement: nil,
            composers: ["Marc Sabatella"], lyricists: [], arrangers: [], opus: nil, keysf: -1, keymi: 0, time: "4/4",
            tempo: ReportJSON.Source.Tempo(text: "Andante con moto", bpm: 120),
            parts: [ReportJSON.Source.Part(name: "Piano", instrument: "Piano")]))
        let chopin = try #require(byName[Fixtures.Demo.chopin]?.source)
        #expect(chopin.format == "ly" && chopin.subtitle == "Op. 9 No. 2" && chopin.time == "12/8")
        let scan = try #require(byName["scan0001.pdf"]?.source)
        #expect(scan.format == "musicxml" && scan.path == "music/scan0001.xml" && scan.keysf == -1)
        let beethoven = try #require(byName[Fixtures.Demo.beethoven])
        #expect(beethoven.source == nil)
        #expect(beethoven.diagnostics.contains { $0.code == "damaged-archive" && $0.message.contains("music/Beethoven_Ode_to_Joy_D.mxl") })

        let text = try CLI.run(["inspect", "music/Reunion.pdf"], in: scratch.url)
        #expect(text.stdout.contains("source      mscz  music/Reunion.mscz\n"), "\(text.stdout)")
        #expect(text.stdout.contains("            tempo: Andante con moto, ♩ = 120\n"), "\(text.stdout)")
        // Without a readable notation file there is no source row (and the golden inspect
        // outputs of the demo library, which has none, are unchanged).
        let plain = try CLI.run(["inspect", "music/\(Fixtures.Demo.beethoven)"], in: scratch.url)
        #expect(plain.stdout.contains("  outline     —\n  warning: notation file"), "\(plain.stdout)")
    }
}
