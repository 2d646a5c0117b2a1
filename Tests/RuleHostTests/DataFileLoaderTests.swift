import Foundation
import Testing

@testable import RuleHost

struct DataFileLoaderTests {
    private func csv(_ text: String) throws -> DataTable {
        try DataFileLoader.parse(text, format: .csv, file: "t.csv")
    }

    private func error(_ text: String, _ format: DataFileLoader.Format = .csv) -> RuleError? {
        do {
            _ = try DataFileLoader.parse(text, format: format, file: "t.\(format.rawValue)")
            return nil
        } catch {
            return error
        }
    }

    @Test func readsCSVWithQuotingAndNormalizedKeys() throws {
        let lines = [
            "\u{FEFF}# composers and their eras",
            "name,era,aliases",
            "Frédéric Chopin,Romantic,\"Chopin, F.; F. Chopin\"",
            "\"Bach, J. S.\",Baroque,\"say \"\"JSB\"\"\"",
            "",
            "Erik Satie , Modern,\r\n",
        ]
        let table = try csv(lines.joined(separator: "\n"))
        #expect(table.columns == ["name", "era", "aliases"])
        #expect(table.count == 3)
        #expect(table.keys == ["frederic chopin", "bach js", "erik satie"])
        #expect(table["FREDERIC CHOPIN"] == ["name": "Frédéric Chopin", "era": "Romantic", "aliases": "Chopin, F.; F. Chopin"])
        #expect(table["bach, j.s."]?["aliases"] == "say \"JSB\"")
        #expect(table["Erik Satie"] == ["name": "Erik Satie", "era": "Modern"])
    }

    @Test func delimitersAndLineEndsAreCodePoints() throws {
        // A combining mark after a comma does not hide the comma (RFC 4180 splits on the
        // character U+002C, as Python's csv and spreadsheets do), and every line end counts once.
        let table = try csv("k,v\r\ne,\u{301}x\r\n\r\nf,\"a\r\nb\"\rg,2")
        #expect(table["e"]?["v"] == "\u{301}x")
        #expect(table["f"]?["v"] == "a\r\nb")
        #expect(table["g"]?["v"] == "2")
        #expect(error("k,v\r\n\r\n\"a\"b,1")?.line == 3)
    }

    @Test func quotedFieldsMaySpanLines() throws {
        let table = try csv("k,v\na,\"one\ntwo\"\nb,3\n")
        #expect(table["a"]?["v"] == "one\ntwo")
        #expect(table["b"]?["v"] == "3")
    }

    @Test func readsTSV() throws {
        let table = try DataFileLoader.parse("name\tera\nHildegard von Bingen\tMedieval\n", format: .tsv, file: "t.tsv")
        #expect(table["hildegard von bingen"]?["era"] == "Medieval")
    }

    @Test func readsJSONObjectOfRows() throws {
        let table = try DataFileLoader.parse(
            #"{"Chopin": {"era": "Romantic", "born": 1810, "alive": false, "tags": ["piano", "poland"], "x": null}, "Bach": "Baroque"}"#,
            format: .json, file: "t.json")
        #expect(table["chopin"] == ["key": "Chopin", "era": "Romantic", "born": "1810", "alive": "false", "tags": "piano, poland"])
        #expect(table["BACH"] == ["key": "Bach", "value": "Baroque"])
        #expect(table.columns == ["key", "era", "born", "alive", "tags", "x", "value"])
    }

    @Test func readsJSONArrayOfRows() throws {
        let table = try DataFileLoader.parse(
            "[{\"name\": \"Fauré\", \"era\": \"Romantic\"},\n {\"era\": \"Baroque\", \"key\": \"Händel\"}]",
            format: .json, file: "t.json")
        #expect(table["faure"]?["era"] == "Romantic")
        #expect(table["handel"]?["era"] == "Baroque")
        #expect(table.keys == ["faure", "handel"])
    }

    @Test func reportsMalformedCSVWithLine() {
        #expect(error("a,b\nx,\"open\n\n") == RuleError(.invalidRule, "quoted field is never closed; add the closing \"", file: "t.csv", line: 2))
        #expect(error("a,b\nx,\"y\"z\n")?.line == 2)
        #expect(error("a,b\nx,y\nx,y,z\n")?.line == 3)
        #expect(error("a,b\nx\n")?.line == 2)
        #expect(error("a,a\n")?.message == "column 'a' is named twice in the header")
        #expect(error("a,\n")?.line == 1)
        #expect(error("")?.message.contains("empty") == true)
        #expect(error("# only a comment\n")?.message.contains("empty") == true)
    }

    /// Rows go into the table as they are read, yet a malformed text is reported before a bad
    /// header or row above it, and the first bad row before a later one.
    @Test func reportsTheTextBeforeItsRows() {
        #expect(error("a,b\nx,y,z\nx,\"open\n")?.message.contains("never closed") == true)
        #expect(error("a,a\nx,\"y\"z\n")?.message.contains("closing quote") == true)
        #expect(error("a,b\nx,y\nx,y\nq\n")?.line == 3)
        #expect(error("a,b\nx,y\nx,y\nq\n")?.message.contains("duplicate") == true)
    }

    @Test func rejectsDuplicateAndEmptyKeys() {
        let duplicate = error("name,era\nChopin,Romantic\n\nCHOPIN ,Romantic\n")
        #expect(duplicate?.code == .invalidRule)
        #expect(duplicate?.line == 4)
        #expect(duplicate?.message.contains("line 2") == true)
        #expect(error("name,era\n,Romantic\n")?.line == 2)
        #expect(error(#"{"a": 1, "A": 2}"#, .json)?.message.contains("duplicate") == true)
    }

    @Test func reportsMalformedJSONWithLine() {
        #expect(error("{\n\"a\": {\"b\": }\n}", .json)?.line == 2)
        #expect(error("{\"a\": {\"b\": {\"c\": 1}}}", .json)?.message.contains("nested") == true)
        #expect(error("[1, 2]", .json)?.message.contains("not an object") == true)
        #expect(error("\"text\"", .json)?.message.contains("object or an array") == true)
        #expect(error("{\"a\": 1} x", .json) != nil)
        #expect(error("{\"a\": 01}", .json) != nil)
        #expect(error("{\"a\": \"\\ud800\"}", .json) != nil)
        #expect(error(String(repeating: "[", count: 10_000), .json)?.message.contains("deeper") == true)
    }

    @Test func decodesJSONEscapes() throws {
        let table = try DataFileLoader.parse(#"{"k": {"v": "a\"b\\c\u00e9\ud834\udd1e\n"}}"#, format: .json, file: "t.json")
        #expect(table["k"]?["v"] == "a\"b\\cé\u{1D11E}\n")
    }

    /// The shipped data files and the TSV fixtures of these tests give the same records with the
    /// byte reader as with the scalar reader it replaced (``ScalarReference``); each has hundreds
    /// of records, so the comparison cannot pass on an empty result.
    @Test(arguments: [
        "rules/data/composers.tsv", "rules/data/composer-spellings.tsv", "scripts/composers/curated-eras.csv",
        "Tests/RuleHostTests/Fixtures/key-titles.tsv", "Tests/RuleHostTests/Fixtures/key-parse-generated.tsv",
    ])
    func readsRealFilesAsTheScalarReader(path: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let tsv = path.hasSuffix(".tsv")
        let delimiter: Unicode.Scalar = tsv ? "\t" : ","
        let records = try DelimitedTextReader(file: path, delimiter: UInt8(ascii: delimiter), quoting: !tsv).records(text)
        #expect(records.count > 300)
        #expect(try records == ScalarReference(file: path, delimiter: delimiter, quoting: !tsv).records(text))
    }

    @Test func loadsFilesAndReportsIOErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagrules-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let good = folder.appendingPathComponent("eras.CSV")
        try Data("name,era\nChopin,Romantic\n".utf8).write(to: good)
        #expect(try DataFileLoader.load(contentsOf: good)["chopin"]?["era"] == "Romantic")

        let missing = folder.appendingPathComponent("missing.csv")
        #expect(throws: RuleError.self) { try DataFileLoader.load(contentsOf: missing) }
        do {
            _ = try DataFileLoader.load(contentsOf: missing)
        } catch {
            #expect(error.code == .io)
            #expect(error.file == missing.path)
        }

        let latin1 = folder.appendingPathComponent("latin1.csv")
        try Data([0x6E, 0x0A, 0xE9, 0x0A]).write(to: latin1)
        #expect(throws: RuleError(.io, "data file is not valid UTF-8; save it as UTF-8", file: latin1.path)) {
            try DataFileLoader.load(contentsOf: latin1)
        }

        // Refused by its size before it is read (a sparse file: no bytes are written).
        let big = folder.appendingPathComponent("big.csv")
        #expect(FileManager.default.createFile(atPath: big.path, contents: Data("k,v\n".utf8)))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(DataFileLoader.maximumFileSize + 1))
        try handle.close()
        #expect(throws: RuleError(.io, "data file is larger than 16 MiB", file: big.path)) {
            try DataFileLoader.load(contentsOf: big)
        }

        let unknown = folder.appendingPathComponent("eras.xlsx")
        try Data().write(to: unknown)
        #expect(throws: RuleError.self) { try DataFileLoader.load(contentsOf: unknown) }
    }
}
