import MetadataModel

/// Counts over a library for the HTML report's charts: keys, genres and composers.
struct LibraryStats: Sendable {
    /// Scores per key.
    var keys: [Key: Int] = [:]
    /// Scores without a (complete, valid) key.
    var withoutKey = 0
    /// Genres by number of scores, most first (ties by name).
    var genres: [(name: String, count: Int)] = []
    /// Composers by number of scores, most first (ties by name).
    var composers: [(name: String, count: Int)] = []

    /// Counts `library`.
    init(_ library: [ScoreMetadata]) {
        var genreCounts: [String: Int] = [:]
        var composerCounts: [String: Int] = [:]
        for metadata in library {
            if let key = metadata.key { keys[key, default: 0] += 1 } else { withoutKey += 1 }
            for genre in Set(metadata.genres) { genreCounts[genre, default: 0] += 1 }
            for composer in Set(metadata.composers) { composerCounts[composer, default: 0] += 1 }
        }
        genres = Self.ranked(genreCounts)
        composers = Self.ranked(composerCounts)
    }

    private static func ranked(_ counts: [String: Int]) -> [(name: String, count: Int)] {
        counts.map { (name: $0.key, count: $0.value) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name
        }
    }
}
