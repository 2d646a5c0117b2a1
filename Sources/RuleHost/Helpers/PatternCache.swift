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
    /// The bytes and parts of the pattern last asked for by its bytes: a rule passes one
    /// pattern for every score, which is then found without a string or a hash.
    private var last: (bytes: [UInt8], parts: [PatternMatcher.Part<UInt8>])?

    /// ``PatternMatcher/parse(ascii:)`` of `pattern`, which must be ASCII.
    func parts(ofASCII pattern: String) -> [PatternMatcher.Part<UInt8>] {
        if let known = parsed[pattern] { return known }
        let parts = PatternMatcher.parse(ascii: pattern)
        if parsed.count >= Self.capacity { parsed.removeAll(keepingCapacity: true) }
        parsed[pattern] = parts
        return parts
    }

    /// ``parts(ofASCII:)`` of the pattern whose bytes are `pattern`, which must be ASCII.
    func parts(ofASCII pattern: UnsafeRawBufferPointer) -> [PatternMatcher.Part<UInt8>] {
        if let last, Self.equal(last.bytes, pattern) { return last.parts }
        let parts = parts(ofASCII: String(decoding: pattern, as: UTF8.self))
        last = (Array(pattern), parts)
        return parts
    }

    /// Whether `bytes` and `pattern` hold the same bytes, compared with `memcmp` (a generic
    /// `elementsEqual` walks the two byte by byte through their iterators, on every match).
    private static func equal(_ bytes: [UInt8], _ pattern: UnsafeRawBufferPointer) -> Bool {
        bytes.count == pattern.count
            && (bytes.isEmpty || bytes.withUnsafeBytes { memcmp($0.baseAddress!, pattern.baseAddress!, bytes.count) == 0 })
    }
}
