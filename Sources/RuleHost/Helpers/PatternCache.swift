import Foundation

/// Remembers, for one Lua state, the parsed form of ASCII patterns for `tagrules.match`:
/// rules pass the same few pattern strings for every score, and parsing one costs more than
/// matching a short title against it. ASCII strings are equal only with equal bytes, so a
/// remembered pattern is always the one parsing it again would give.
///
/// Not thread-safe: one cache per Lua state, used by its thread.
final class PatternCache {
    /// Patterns remembered before the cache starts over.
    static let capacity = 256

    private var parsed: [String: [PatternMatcher.Part<UInt8>]] = [:]

    /// ``PatternMatcher/parse(ascii:)`` of `pattern`, which must be ASCII.
    func parts(ofASCII pattern: String) -> [PatternMatcher.Part<UInt8>] {
        if let known = parsed[pattern] { return known }
        let parts = PatternMatcher.parse(ascii: pattern)
        if parsed.count >= Self.capacity { parsed.removeAll(keepingCapacity: true) }
        parsed[pattern] = parts
        return parts
    }
}
