import Foundation
import MetadataModel
import Testing

@testable import TagrulesKit
import TestSupport

/// The streamed change report (`plan`/`apply --format json`) against the `JSONValue` tree of
/// the same report, byte for byte, on random reports: every status, missing and hostile
/// strings, empty and long lists, extreme numbers, more files than one rendering piece holds.
struct JSONStreamTests {
    @Test(arguments: 0..<40)
    func streamedReportEqualsTheTree(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let count = [0, 1, 2, 63, 64, 65, 130][seed % 7]
        let report = ChangeReport(command: "plan", files: (0..<count).map { _ in Self.file(using: &generator) })
        let tree = report.json.bytes
        for jobs in [1, 3] {
            #expect(report.jsonBytes(jobs: jobs) == tree, "seed \(seed), \(jobs) jobs")
        }
        _ = try JSONSerialization.jsonObject(with: Data(report.jsonBytes(jobs: 2)))
    }

    @Test func emptyContainersAndNestingMatchTheTree() {
        var stream = JSONStream()
        stream.openObject()
        stream.key("a")
        stream.openArray()
        stream.closeArray()
        stream.key("o")
        stream.openObject()
        stream.closeObject()
        stream.key("l")
        stream.strings(["x", ""])
        stream.key("n")
        stream.int(nil)
        stream.key("deep")
        stream.openArray()
        for _ in 0..<3 {
            stream.element()
            stream.openObject()
            stream.key("k")
            stream.openArray()
            stream.element()
            stream.openArray()
            stream.element()
            stream.int(Int.min)
            stream.closeArray()
            stream.closeArray()
            stream.closeObject()
        }
        stream.closeArray()
        stream.closeObject()
        let inner = JSONValue.object(["k": .array([.array([.int(Int.min)])])])
        let tree = JSONValue.object([
            "a": .array([]), "o": .object([]), "l": .strings(["x", ""]), "n": .null,
            "deep": .array([inner, inner, inner]),
        ])
        #expect(Array(stream.finish()) == tree.bytes)
    }

    /// Runs of items written apart, between the chunks of the stream holding their array (as
    /// `jsonChunks` renders the files on several threads), make the bytes of one stream:
    /// several runs, one run, none.
    @Test func runsWrittenApartMatchOneStream() {
        func run(_ items: [Int], afterItems: Bool) -> ByteChunk {
            var stream = JSONStream(depth: 1, afterItems: afterItems)
            for item in items {
                stream.element()
                stream.int(item)
            }
            return stream.takeChunk()
        }
        for runs in [[[1, 2], [3], [4, 5, 6]], [[7]], []] {
            var stream = JSONStream()
            stream.openArray()
            var chunks = [stream.takeChunk()]
            for (index, items) in runs.enumerated() { chunks.append(run(items, afterItems: index > 0)) }
            if !runs.isEmpty { stream.noteItemsWrittenApart() }
            stream.closeArray()
            chunks.append(stream.finish())
            #expect(Array(chunks.joined()) == JSONValue.array(runs.joined().map(JSONValue.int)).bytes)
        }
    }

    /// A chunk taken from a sink holds what was written, also after the sink grew, and the
    /// sink goes on empty.
    @Test func chunksHoldWhatTheSinkWrote() {
        var sink = ByteSink(capacity: 16)
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        for byte in bytes { sink.append(byte) }
        let first = sink.takeChunk(reserving: 4)
        sink.append("après")
        let second = sink.takeChunk()
        #expect(Array(first) == bytes)
        #expect(Array(second) == Array("après".utf8))
        #expect(sink.takeChunk().isEmpty)
    }

    private static let pieces = [
        "", "a", "Nocturne", "quote \"", "back\\slash", "line\nbreak", "tab\t", "nul \u{0}", "\u{1F}\u{7F}",
        "é", "🎻", "\u{2028}", "</script>", String(repeating: "long ", count: 40),
    ]

    private static func text(using generator: inout SplitMix64) -> String {
        (0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    private static func optionalText(using generator: inout SplitMix64) -> String? {
        Bool.random(using: &generator) ? nil : text(using: &generator)
    }

    private static func list(using generator: inout SplitMix64) -> [String] {
        (0..<[0, 0, 1, 2, 5][Int.random(in: 0..<5, using: &generator)]).map { _ in text(using: &generator) }
    }

    private static func number(using generator: inout SplitMix64) -> Int? {
        [nil, 0, 1, -7, 7, 225, Int.max, Int.min, Int.random(in: -1_000...1_000, using: &generator)]
            .randomElement(using: &generator)!
    }

    private static func metadata(using generator: inout SplitMix64) -> ScoreMetadata? {
        guard Int.random(in: 0..<5, using: &generator) > 0 else { return nil }
        return ScoreMetadata(
            title: optionalText(using: &generator), composers: list(using: &generator), genres: list(using: &generator),
            tags: list(using: &generator), labels: list(using: &generator), rating: number(using: &generator),
            difficulty: number(using: &generator), duration: number(using: &generator), keysf: number(using: &generator),
            keymi: number(using: &generator))
    }

    private static func value(of field: MetadataField, using generator: inout SplitMix64) -> FieldValue {
        switch field.kind {
        case .text: .text(optionalText(using: &generator))
        case .list: .list(list(using: &generator))
        case .number: .number(number(using: &generator))
        }
    }

    private static func file(using generator: inout SplitMix64) -> FileChange {
        let statuses: [FileStatus] = [.changed, .unchanged, .error, .written, .skipped, .undone]
        let fields = MetadataField.allCases.filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
        let severities: [ReportDiagnostic.Severity] = [.info, .warning, .error]
        return FileChange(
            path: text(using: &generator) + ".pdf", status: statuses.randomElement(using: &generator)!,
            error: optionalText(using: &generator), before: metadata(using: &generator), after: metadata(using: &generator),
            changes: fields.map { field in
                ReportChange(
                    change: MetadataChange(
                        field: field, before: value(of: field, using: &generator), after: value(of: field, using: &generator)),
                    rules: list(using: &generator))
            },
            diagnostics: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                ReportDiagnostic(
                    severity: severities.randomElement(using: &generator)!, code: text(using: &generator),
                    message: text(using: &generator))
            })
    }
}

extension ChangeReport {
    /// The JSON report's chunks joined: what `plan --format json` writes.
    func jsonBytes(jobs: Int) -> [UInt8] { Array(jsonChunks(jobs: jobs).joined()) }
}
