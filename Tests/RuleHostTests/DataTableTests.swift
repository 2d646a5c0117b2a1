import Foundation
import MetadataModel
import TestSupport
import Testing

@testable import RuleHost

/// `DataTable` keeps rows as cells in file order; `rows`, the lookup and what `tagrules.data`
/// pushes into Lua must be what the dictionaries per row it replaced gave (`reference`).
struct DataTableTests {
    /// The table as the loader built it with a dictionary per row: columns, keys and rows, or
    /// the message of the error.
    static func reference(_ text: String) -> Result<DataTable, RuleError> {
        Result { () throws(RuleError) in
            let records: [DelimitedTextReader.Record]
            do throws(InterchangeError) {
                records = try DelimitedTextReader(separator: ",", dataFileSyntax: true).records(in: text)
            } catch {
                throw RuleError(.invalidRule, error.message, file: "t.csv", line: error.line)
            }
            guard let header = records.first else { throw RuleError(.invalidRule, "empty", file: "t.csv") }
            var rows: [String: [String: String]] = [:]
            var keys: [String] = []
            var lines: [String: Int] = [:]
            for record in records.dropFirst() {
                guard record.fields.count == header.fields.count else { throw RuleError(.invalidRule, "count", file: "t.csv", line: record.line) }
                let key = TextNormalizer.normalize(record.fields[0])
                guard !key.isEmpty else { throw RuleError(.invalidRule, "row has an empty key; fill in the first column", file: "t.csv", line: record.line) }
                if let first = lines[key] {
                    throw RuleError(
                        .invalidRule, "duplicate key '\(record.fields[0])' (same as line \(first) after normalizing); keep one row",
                        file: "t.csv", line: record.line)
                }
                lines[key] = record.line
                keys.append(key)
                rows[key] = Dictionary(uniqueKeysWithValues: zip(header.fields, record.fields).filter { !$0.1.isEmpty })
            }
            return DataTable(columns: header.fields, rows: rows, keys: keys)
        }
    }

    /// Random CSV: a header of unique names, then rows of pieces that collide after
    /// normalizing now and then, with empty cells, quotes and non-ASCII text.
    static func randomCSV(using random: inout SplitMix64) -> String {
        let pieces = ["Chopin", "J. S. Bach", "js bach", "é", "", " ", "\"a, b\"", "Frédéric", "ß", "日本", "x", "Æ", "-", "\"\"\"q\"\"\""]
        let columns = (0..<Int.random(in: 1...4, using: &random)).map { "c\($0)" }
        var lines = [columns.joined(separator: ",")]
        for row in 0..<Int.random(in: 0...25, using: &random) {
            let cells = columns.indices.map { column in
                column == 0 && row % 2 == 0 ? "k\(row)" : (0..<Int.random(in: 0...2, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            }
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    @Test func parsedTablesEqualTheReference() {
        var random = SplitMix64(seed: 0x4461_7461)
        var tables = 0
        // A quote inside an unquoted cell is an error (RFC 4180), so many random texts fail.
        for _ in 0..<800 {
            let text = Self.randomCSV(using: &random)
            let parsed = Result { () throws(RuleError) in try DataFileLoader.parse(text, format: .csv, file: "t.csv") }
            switch (parsed, Self.reference(text)) {
            case (.success(let table), .success(let reference)):
                tables += 1
                #expect(table == reference, "\(text.debugDescription)")
                #expect(table.hashValue == reference.hashValue)
                #expect(table.rows == reference.rows && table.keys == reference.keys && table.columns == reference.columns)
                for (key, row) in reference.rows { #expect(table[key] == row) }
            case (.failure(let error), .failure(let expected)) where expected.message != "count":
                #expect(error == expected, "\(text.debugDescription)")
            case (.failure, .failure):
                break
            default:
                Issue.record("one of the two failed: \(text.debugDescription)")
            }
        }
        #expect(tables > 100)
    }

    @Test func givenRowsRoundTrip() {
        let rows = ["k": ["a": "1", "z": "2", "b": "3"], "l": [:], "m": ["a": ""]]
        let table = DataTable(columns: ["a"], rows: rows, keys: ["m", "k", "l"])
        #expect(table.rows == rows)
        #expect(table.keys == ["m", "k", "l"])
        #expect(table["K"] == ["a": "1", "z": "2", "b": "3"])
        #expect(table == DataTable(columns: ["a"], rows: table.rows, keys: table.keys))
        #expect(table != DataTable(columns: ["a"], rows: rows, keys: ["k", "m", "l"]))
    }

    /// A rule that checks `tagrules.data("d.csv")` against `table`, row by row and cell by cell,
    /// and counts rows and cells by `pairs` (so nothing extra is there).
    static func checkingRule(_ table: DataTable) -> String {
        func literal(_ text: String) -> String { HelperFastPathTests.literal(Array(text.utf8)) }
        let expected = table.rows.map { key, row in
            "{ \(literal(key)), { " + row.map { "\(literal($0.key)), \(literal($0.value))" }.joined(separator: ", ") + " } }"
        }
        return "local expected = {\n" + expected.joined(separator: ",\n") + "\n}\n" + ruleFile("check", #"""
            local data = tagrules.data("d.csv")
            local n = 0
            for _, row in pairs(data) do n = n + 1 end
            if n ~= #expected then score.title = "rows " .. n; return end
            for _, e in ipairs(expected) do
              local row = data[e[1]]
              if row == nil then score.title = "missing " .. e[1]; return end
              local m = 0
              for _ in pairs(row) do m = m + 1 end
              if 2 * m ~= #e[2] then score.title = "cells of " .. e[1]; return end
              for i = 1, #e[2], 2 do
                if row[e[2][i]] ~= e[2][i + 1] then score.title = "cell of " .. e[1]; return end
              end
            end
            score.title = "ok " .. n
            """#)
    }

    @Test func luaSeesEveryRowAndCell() throws {
        var random = SplitMix64(seed: 0x4C75_6121)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var texts = [try String(contentsOf: root.appendingPathComponent("scripts/composers/curated-eras.csv"), encoding: .utf8)]
        while texts.count < 6 {
            let text = Self.randomCSV(using: &random)
            if case .success = Self.reference(text) { texts.append(text) }
        }
        for text in texts {
            let table = try DataFileLoader.parse(text, format: .csv, file: "d.csv")
            let folder = try RuleFolder(["10-check.lua": Self.checkingRule(table), "d.csv": text])
            let result = try #require(try folder.run([score("a.pdf")], limits: SandboxLimits()).first)
            #expect(result.diagnostics == [])
            #expect(result.after.title == "ok \(table.count)")
        }
    }
}
