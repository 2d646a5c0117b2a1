import Foundation
import Testing

@testable import PDFInfo

/// A classic xref table read from a file, whose bytes come in 16 KiB blocks: entries in every
/// spelling qpdf accepts read the same wherever a block boundary falls inside them, and a
/// malformed entry is reported at its own offset.
struct XRefTableWindowTests {
    /// One entry as a file may spell it, and what it means (offsets as written; no header junk).
    struct Spelling: Sendable {
        let text: String
        let entry: XRefEntry
    }

    static let spellings: [Spelling] = [
        Spelling(text: "0000000000 65535 f\r\n", entry: .free),
        Spelling(text: "0000000017 00000 n\r\n", entry: .inUse(offset: 17, generation: 0)),
        Spelling(text: "0000000123 00002 n\n", entry: .inUse(offset: 123, generation: 2)),
        Spelling(text: "  456 7 n \r", entry: .inUse(offset: 456, generation: 7)),
        Spelling(text: "0000000789 00000 n % the rest of the line is ignored, however long it is\n", entry: .inUse(offset: 789, generation: 0)),
        Spelling(text: "1011" + String(repeating: " ", count: 150) + "0" + String(repeating: "\n", count: 90) + "n\n", entry: .inUse(offset: 1011, generation: 0)),
        Spelling(text: "0000000000 00000 n\r\n", entry: .free),
        Spelling(text: "0000001213 00000 f\r\n", entry: .free),
    ]

    /// The table, its entries repeated `rounds` times, after `padding` bytes.
    static func table(padding: Int, rounds: Int) -> (bytes: [UInt8], expected: [Int: XRefEntry]) {
        var text = String(repeating: "%", count: padding) + "\nxref\n0 \(rounds * spellings.count)\n"
        var expected: [Int: XRefEntry] = [:]
        for round in 0..<rounds {
            for (index, spelling) in spellings.enumerated() {
                text += spelling.text
                expected[round * spellings.count + index] = spelling.entry
            }
        }
        text += "trailer\n<< /Size \(rounds * spellings.count) >>\nstartxref\n\(padding + 1)\n%%EOF\n"
        return (Array(text.utf8), expected)
    }

    static func fileSource(_ bytes: [UInt8]) throws -> (FileByteSource, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xref-window-\(UUID().uuidString).pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (try FileByteSource(path: path), path)
    }

    /// Paddings that put the table's entries at every position around the first block boundary.
    static let paddings: [Int] = Array(stride(from: 15_984, through: 16_394, by: 37))

    @Test(arguments: paddings)
    func entriesReadTheSameAcrossABlockBoundary(padding: Int) throws {
        let (bytes, expected) = Self.table(padding: padding, rounds: 3)
        let (source, path) = try Self.fileSource(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let section = try XRefTableParser.parse(source: source, at: padding + 1, headerOffset: 0)
        #expect(section.entries == expected)
        #expect(section.trailer["Size"] == .integer(expected.count))
    }

    @Test(arguments: [16_354, 16_372, 16_381])
    func malformedEntryIsReportedAtItsOffset(padding: Int) throws {
        let head = String(repeating: "%", count: padding) + "\nxref\n0 2\n0000000000 65535 f\r\n"
        let bytes = Array((head + "00000000x7 00000 n\r\ntrailer\n<< /Size 2 >>\n").utf8)
        let (source, path) = try Self.fileSource(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: PDFError.self) {
            try XRefTableParser.parse(source: source, at: padding + 1, headerOffset: 0)
        }
        #expect(error?.code == .unreadableXref)
        #expect(error?.offset == head.utf8.count)
    }

    @Test func tableCutShortByTheEndOfTheFileIsMalformed() throws {
        let text = String(repeating: "%", count: 16 * 1024 - 20) + "\nxref\n0 2\n0000000000 65535 f\r\n0000000017 000"
        let (source, path) = try Self.fileSource(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: PDFError.self) {
            try XRefTableParser.parse(source: source, at: 16 * 1024 - 19, headerOffset: 0)
        }
    }
}
