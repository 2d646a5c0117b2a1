import MetadataModel
import TestSupport

/// Random metadata for property tests, reproducible from a seed.
///
/// `valid` builds metadata that forScore stores unchanged (no commas, trimmed, non-empty,
/// no keyword-like tags, numbers in range, no labels); `arbitrary` builds hostile metadata
/// with commas, blanks, keyword look-alikes, line breaks and numbers anywhere in `Int`.
struct MetadataGenerator {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// The special-keyword prefixes, typed in from pdf-metadata.txt (independent of the
    /// module's own table).
    static let keywordPrefixes = [
        "rating:", "difficulty:", "duration:", "seconds:", "keysf:", "keymi:", "forscore-rating:",
        "forscore-difficulty:",
    ]

    /// Pieces that never start or end with whitespace and contain no comma.
    private static let solid = [
        "a", "Z", "é", "e\u{301}", "ß", "№", "♭", "♯", "🎻", "7", "0", "-", ".", ";", ":", "'", "\"", "(",
        "\u{200B}", "\u{301}", "Jazz", "BWV", "rating", "Keysf", "seconds", "forScore", "İ", "\u{212A}",
    ]
    /// Whitespace allowed inside a value.
    private static let inner = [" ", "\t", "  ", "\u{A0}", "\n"]
    /// Troublemakers for `arbitrary`.
    private static let hostile = [",", ", ", " ,", ",,", "\r\n", "\u{3000}", "\u{2028}", "rating:", "Difficulty:3",
        "keymi:", "forScore-rating:2", "duration:-1", ";", ":", ""]

    private mutating func pick(_ options: [String]) -> String {
        options.randomElement(using: &rng)!
    }

    private mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &rng) < percent
    }

    /// A non-empty value with no comma and no leading or trailing whitespace.
    private mutating func solidValue() -> String {
        var text = pick(Self.solid)
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            if chance(30) { text += pick(Self.inner) }
            text += pick(Self.solid)
        }
        return text
    }

    private mutating func hostileValue() -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            text += chance(40) ? pick(Self.hostile) : chance(20) ? pick(Self.inner) : pick(Self.solid)
        }
        return text
    }

    private mutating func list(max: Int, _ element: (inout MetadataGenerator) -> String) -> [String] {
        (0..<Int.random(in: 0...max, using: &rng)).map { _ in element(&self) }
    }

    private mutating func number(in range: ClosedRange<Int>) -> Int? {
        chance(30) ? nil : Int.random(in: range, using: &rng)
    }

    private mutating func anyNumber() -> Int? {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: nil
        case 1: Int.min
        case 2: Int.max
        case 3: Int.random(in: Int.min...Int.max, using: &rng)
        default: Int.random(in: -12...12, using: &rng)
        }
    }

    /// Metadata that forScore would store exactly as given.
    mutating func valid() -> ScoreMetadata {
        func tag(_ g: inout MetadataGenerator) -> String {
            let value = g.solidValue()
            let lower = value.lowercased()
            return Self.keywordPrefixes.contains { lower.unicodeScalars.starts(with: $0.unicodeScalars) }
                ? "my " + value : value
        }
        return ScoreMetadata(
            title: chance(20) ? nil : solidValue(),
            composers: list(max: 3) { $0.solidValue() },
            genres: list(max: 3) { $0.solidValue() },
            tags: list(max: 5, tag),
            rating: number(in: 0...5),
            difficulty: number(in: 0...3),
            duration: chance(10) ? Int.max : number(in: 0...100_000),
            keysf: number(in: -7...7),
            keymi: number(in: 0...1))
    }

    /// Metadata with anything in it.
    mutating func arbitrary() -> ScoreMetadata {
        ScoreMetadata(
            title: chance(20) ? nil : hostileValue(),
            composers: list(max: 4) { $0.hostileValue() },
            genres: list(max: 4) { $0.hostileValue() },
            tags: list(max: 6) { $0.hostileValue() },
            labels: list(max: 3) { $0.hostileValue() },
            rating: anyNumber(), difficulty: anyNumber(), duration: anyNumber(), keysf: anyNumber(),
            keymi: anyNumber())
    }

    /// Info strings as other tools leave them: hostile pieces joined by commas, semicolons and
    /// blanks, special keywords with any number (or none) in Keywords.
    mutating func arbitraryInfo() -> InfoStrings {
        func joined(_ g: inout MetadataGenerator, max: Int) -> String? {
            guard !g.chance(15) else { return nil }
            return g.list(max: max) { $0.hostileValue() }.joined(separator: g.pick([",", ", ", ";", " , "]))
        }
        var keywords = list(max: 6) { $0.hostileValue() }
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let number = anyNumber().map(String.init) ?? pick(["", "x", "3.5", " 2", "+4"])
            keywords.append(pick(Self.keywordPrefixes) + number)
        }
        return InfoStrings(
            title: chance(20) ? nil : hostileValue(), author: joined(&self, max: 4), subject: joined(&self, max: 4),
            keywords: chance(15) ? nil : keywords.shuffled(using: &rng).joined(separator: pick([",", ", "])))
    }
}
