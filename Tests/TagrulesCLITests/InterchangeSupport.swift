import Foundation
import Testing

/// Golden files of the interchange tests, in `Tests/TagrulesCLITests/Fixtures/`. They are
/// re-recorded only on purpose: run the tests with `TAGRULES_RECORD_GOLDEN=1`, then review the
/// diff.
enum InterchangeGolden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Compares `actual` with the golden file `name` (or records it when asked to).
    static func check(_ actual: String, against name: String) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TAGRULES_RECORD_GOLDEN"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "output differs from Fixtures/\(name); re-record with TAGRULES_RECORD_GOLDEN=1 if intended")
    }
}

/// The `rows` of `import csv --format json`, typed from the README.
struct ImportRowsJSON: Decodable {
    struct Row: Decodable {
        var line: Int
        var filename: String
        var kind: String
        var severity: String
        var path: String?
        var message: String
    }

    var rows: [Row]
}
