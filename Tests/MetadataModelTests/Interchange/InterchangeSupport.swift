import Foundation
import MetadataModel
import Testing

/// Foundation's folds, as the CLI supplies them to the model (see `TextFolding`).
extension TextFolding {
    static let foundation = TextFolding(
        caseInsensitive: { $0.folding(options: [.caseInsensitive], locale: nil) },
        caseAndDiacriticInsensitive: { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) })
}

/// Golden files in `Tests/MetadataModelTests/Fixtures`, compared byte for byte.
///
/// Re-record on purpose only: `TAGRULES_RECORD_GOLDEN=1 swift test --filter …` writes the
/// actual output and fails the test, so a recording never passes silently (and never in CI).
enum Golden {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["TAGRULES_RECORD_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: url(name))
            Issue.record("recorded \(name); review it and run again without TAGRULES_RECORD_GOLDEN", sourceLocation: sourceLocation)
            return
        }
        let expected = try Data(contentsOf: url(name))
        #expect(Data(actual.utf8) == expected, "output differs from Fixtures/\(name)", sourceLocation: sourceLocation)
    }
}
