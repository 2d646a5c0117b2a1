import Foundation

/// The JSON contract, typed in from the README independently of the tool's own types, so that a
/// change to the tool's output that breaks the contract fails these tests.
enum ReportJSON {
    /// `plan`/`apply`/`set`/`undo` output.
    struct Changes: Decodable {
        var files: [File]
        var summary: Summary
    }

    struct File: Decodable {
        var path: String
        var status: String
        var error: String?
        var before: Metadata?
        var after: Metadata?
        var changes: [Change]
        var diagnostics: [Diagnostic]
    }

    struct Metadata: Decodable, Equatable {
        var title: String?
        var composers: [String]
        var genres: [String]
        var tags: [String]
        var labels: [String]
        var rating: Int?
        var difficulty: Int?
        var duration: Int?
        var keysf: Int?
        var keymi: Int?
    }

    struct Change: Decodable {
        var field: String
        var rules: [String]
        /// Where the rules read the value (`Nocturne.mscz`, `page 1`); empty when nowhere.
        var from: [String]
    }

    struct Diagnostic: Decodable {
        var severity: String
        var code: String
        var message: String
    }

    struct Summary: Decodable, Equatable {
        var files: Int
        var changed: Int
        var unchanged: Int
        var errors: Int
        var written: Int
        var skipped: Int
        var wouldSkip: Int
        var undone: Int

        enum CodingKeys: String, CodingKey {
            case files, changed, unchanged, errors, written, skipped, undone
            case wouldSkip = "would_skip"
        }
    }

    /// `inspect` output.
    struct Inspect: Decodable {
        var files: [InspectedFile]
    }

    struct InspectedFile: Decodable {
        var path: String
        var status: String
        var error: String?
        var pages: Int?
        var metadata: Metadata?
        var info: [String: String]
        var toc: [TOCItem]
        /// The notation file beside the PDF; null when there is none.
        var source: Source?
        var diagnostics: [Diagnostic]
    }

    /// `inspect`'s `source`: what the notation file beside a PDF states.
    struct Source: Decodable, Equatable {
        struct Tempo: Decodable, Equatable {
            var text: String?
            var bpm: Int?
        }

        struct Part: Decodable, Equatable {
            var name: String?
            var instrument: String?
        }

        var format: String
        var path: String
        var title: String?
        var subtitle: String?
        var movement: String?
        var composers: [String]
        var lyricists: [String]
        var arrangers: [String]
        var opus: String?
        var keysf: Int?
        var keymi: Int?
        var time: String?
        var tempo: Tempo?
        var parts: [Part]
    }

    struct TOCItem: Decodable {
        var title: String
        var level: Int
        var page: Int?
        var uri: String?
        var file: String?
    }

    /// The metadata keys the contract requires to be present (null when unset).
    static let metadataKeys: Set<String> = [
        "title", "composers", "genres", "tags", "labels", "rating", "difficulty", "duration", "keysf", "keymi",
    ]

    /// Decodes `data` as `T`.
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    /// The keys of every non-null `before`, `after` and `metadata` object in a report, to check
    /// that missing values are written as null rather than left out.
    static func metadataKeySets(_ data: Data) throws -> [Set<String>] {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let files = root["files"] as? [[String: Any]]
        else { return [] }
        return files.flatMap { file in
            ["before", "after", "metadata"].compactMap { (file[$0] as? [String: Any]).map { Set($0.keys) } }
        }
    }
}
