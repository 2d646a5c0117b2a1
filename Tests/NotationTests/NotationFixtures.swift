import Foundation

/// The committed notation files (Fixtures/README.md says where each comes from) and what the
/// independent readers said about them (Fixtures/expected.json, recorded by
/// `scripts/notation_oracle.py record`).
enum NotationFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))) }

    /// What music21, MuseScore, LilyPond and python-ly read from one fixture.
    struct Oracle: Decodable {
        var title: String?
        var composers: [String]?
        var keysf: Int?
        var mode: String?
        var time: String?
        var quarterNotesPerMinute: Double?
        var parts: [String?]?
    }

    /// The real fixtures (not the made ones), by file name.
    static let oracles: [String: Oracle] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("expected.json")),
            let oracles = try? JSONDecoder().decode([String: Oracle].self, from: data)
        else { return [:] }
        return oracles
    }()

    static let realNames = oracles.keys.sorted()
}
