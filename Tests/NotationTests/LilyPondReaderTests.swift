import Foundation
import MetadataModel
import Testing

@testable import Notation

/// LilyPond headers, keys in its note-name languages, time and tempo forms.
struct LilyPondReaderTests {
    private func read(_ text: String) -> NotationSource {
        var source = NotationSource(format: .lilyPond, path: "x.ly")
        LilyPondReader.read(text, into: &source)
        return source
    }

    /// Keys spelled in each language, with the signature every musician knows for them.
    @Test(arguments: [
        ("", "es", "major", -3, 0), ("", "fis", "minor", 3, 1), ("", "bes", "major", -2, 0), ("", "aes", "minor", -7, 1),
        ("nederlands", "cis", "major", 7, 0), ("english", "bf", "major", -2, 0), ("english", "f-sharp", "minor", 3, 1),
        ("english", "ef", "minor", -6, 1), ("deutsch", "b", "major", -2, 0), ("deutsch", "h", "minor", 2, 1),
        ("deutsch", "es", "major", -3, 0), ("italiano", "sib", "major", -2, 0), ("italiano", "fad", "minor", 3, 1),
        ("français", "ré", "major", 2, 0), ("français", "mib", "major", -3, 0), ("español", "fas", "minor", 3, 1),
        ("espanol", "lab", "major", -4, 0), ("norsk", "ciss", "minor", 4, 1), ("svenska", "ass", "major", -4, 0),
        ("suomi", "h", "major", 5, 0), ("catalan", "sol", "major", 1, 0), ("vlaams", "fak", "minor", 3, 1),
        ("portugues", "sib", "major", -2, 0),
    ])
    func keysInEveryLanguage(language: String, tonic: String, mode: String, keysf: Int, keymi: Int) {
        let choice = language.isEmpty ? "" : "\\language \"\(language)\"\n"
        let source = read(choice + "\\relative c' { \\key \(tonic)' \\\(mode) c4 }")
        #expect(source.keysf == keysf && source.keymi == keymi, "\(language) \(tonic) \(mode)")
    }

    @Test func modesAndOutOfRangeKeys() {
        #expect(read("\\key d \\dorian").keysf == 0)
        #expect(read("\\key d \\dorian").keymi == nil)
        #expect(read("\\key e \\phrygian").keysf == 0)
        #expect(read("\\key gis \\major").keysf == nil, "eight sharps has no forScore key")
        #expect(read("\\key \\tonic \\major \\key g \\major").keysf == 1, "a variable tonic is skipped")
        #expect(read("\\include \"deutsch.ly\" \\key b \\major").keysf == -2)
    }

    @Test func headersWithMarkupAndComments() {
        let source = read("""
            \\version "2.24.0"
            % title = "Commented"
            %{ composer = "Block comment" %}
            \\header {
              title = \\markup { \\bold \\fontsize #3 "Prelude" in E \\flat }
              subtitle = #"from a Scheme string"
              composer = \\markup \\column { "Frédéric" "Chopin (1810–1849)" }
              poet = "A \\"quoted\\" poet"
              arranger = Anon
              opus = "Op. 28"
              piece = "Largo"
              tagline = \\markup { \\with-url #"http://x" { x } \\maintainer }
              copyright = "never read"
            }
            \\score { \\header { title = "Score title" piece = "Second" } { \\time 3/4 c4 } }
            """)
        #expect(source.title == "Prelude in E ♭")
        #expect(source.subtitle == "from a Scheme string")
        #expect(source.composers == ["Frédéric Chopin (1810–1849)"])
        #expect(source.lyricists == ["A \"quoted\" poet"] && source.arrangers == ["Anon"])
        #expect(source.opus == "Op. 28" && source.movement == "Largo")
        #expect(source.time == "3/4")
    }

    @Test(arguments: [
        ("\\tempo \"Allegro\"", "Allegro", nil), ("\\tempo 4 = 120", nil, 120), ("\\tempo \"Adagio\" 4. = 60", "Adagio", 90),
        ("\\tempo 2 = 60-66", nil, 120), ("\\tempo \\markup { \\italic Lento } 8 = 80", "Lento", 40),
        ("\\tempo \\breve = 30", nil, 240),
    ] as [(String, String?, Double?)])
    func tempoForms(text: String, words: String?, quarters: Double?) {
        #expect(read(text).tempo == NotationSource.Tempo(text: words, quarterNotesPerMinute: quarters))
    }

    @Test(arguments: [("\\time 6/8", "6/8"), ("\\time 2,2,3 7/8", "7/8"), ("\\time #'(2 2 3) 7/8", "7/8"), ("\\time x", nil)])
    func timeForms(text: String, time: String?) {
        #expect(read(text).time == time)
    }

    @Test func brokenSourcesReadWhatTheyCan() {
        for text in ["\\header {", "\\header { title = ", "\\header { title = \\markup {", "#(((", "\"open", "%{", "\\key", "\\tempo 4 ="] {
            _ = read(text)
        }
        #expect(read("\\header { title = \"T\"").title == "T")
        // Markup nested past the reader's depth cap is read past, not looped on (a fuzzer find).
        let deep = "\\header { title = \\markup " + String(repeating: "{", count: 100) + " x " + String(repeating: "}", count: 100)
        #expect(read(deep + " composer = \"C\" }").composers == ["C"])
    }
}

extension LilyPondReaderTests {
    /// A Mutopia-style part whose header sits in an included file, and a file that includes
    /// itself (read to the depth cap, not forever).
    @Test func readsIncludedFilesBesideTheSource() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = "outside-\(UUID().uuidString).ly"
        let files = [
            "defs.ly": "\\language \"deutsch\"\n\\header { title = \"Symphonie\" composer = \"W. A. Mozart\" }\n",
            "parts/viola.ly": "viola = \\relative c' { \\key b \\major c1 }\n",
            "viola-part.ly": "\\include \"defs.ly\"\n\\include \"parts/viola.ly\"\n\\include \"missing.ly\"\n\\score { \\viola }\n",
            "outside.ly": "\\include \"../\(outside)\"\n\\include \"/etc/hostname\"\n",
            "loop.ly": "\\include \"loop.ly\"\n\\header { title = \"Loop\" }\n",
        ]
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        let part = try NotationReader.read(path: folder.appendingPathComponent("viola-part.ly").path)
        #expect(part.title == "Symphonie" && part.composers == ["W. A. Mozart"])
        #expect(part.keysf == -2 && part.keymi == 0, "deutsch b is B flat, the language set in defs.ly")
        #expect(try NotationReader.read(path: folder.appendingPathComponent("loop.ly").path).title == "Loop")
        // Nothing outside the source's folder is read.
        let outsideFile = folder.deletingLastPathComponent().appendingPathComponent(outside)
        try Data("\\header { title = \"Outside\" }".utf8).write(to: outsideFile)
        defer { try? FileManager.default.removeItem(at: outsideFile) }
        #expect(try NotationReader.read(path: folder.appendingPathComponent("outside.ly").path).title == nil)
    }
}
