/// Remembers `TextNormalizer.normalize` results for one Lua state. List methods (`:has`,
/// `:add`, `:remove`) compare against every entry and rules normalize the same names score
/// after score, while the normalizer itself costs tens of microseconds per string.
///
/// Host functions charge `lookupCost` per string they look up and `missCost` per string that
/// had to be normalized, so the instruction budget tracks the real work.
final class NormalizationCache {
    /// Budget units charged per lookup.
    static let lookupCost = 4
    /// Budget units charged per string actually normalized (its time is that of a few thousand
    /// Lua instructions).
    static let missCost = 2_000
    /// Strings remembered before the cache starts over.
    static let capacity = 8_192

    // Unchecked exclusivity (every normalization looks them up): a cache belongs to one Lua
    // state, used by one thread, and no access to them spans another.
    @exclusivity(unchecked) private var keys: [String: String] = [:]
    /// Strings normalized since the counter was last read.
    @exclusivity(unchecked) private(set) var misses = 0

    /// The normalized form of `text`.
    func key(_ text: String) -> String {
        if let known = keys[text] { return known }
        misses += 1
        let key = TextNormalizer.normalize(text)
        if keys.count >= Self.capacity { keys.removeAll(keepingCapacity: true) }
        keys[text] = key
        return key
    }

    /// The budget units of the misses since the last call, which it resets.
    func takeMissCost() -> Int {
        defer { misses = 0 }
        return misses * Self.missCost
    }
}
