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

    /// Room made up front: a few names (a run on one file normalizes only a handful); the
    /// memo grows to its full size at once when more come.
    static let initialCapacity = 16

    // Unchecked exclusivity (every normalization looks them up): a cache belongs to one Lua
    // state, used by one thread, and no access to them spans another. Remembered by exact
    // UTF-8 bytes, so that a Lua string is looked up in Lua's buffer, with no `String` made
    // of it and no `String` hashing.
    @exclusivity(unchecked) private var keys = TextMemo<String>(capacity: capacity, initialCapacity: initialCapacity)
    /// Strings normalized since the counter was last read.
    @exclusivity(unchecked) private(set) var misses = 0

    /// The normalized form of `text`.
    func key(_ text: String) -> String {
        var text = text
        return text.withUTF8 { key(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// The normalized form of the text whose UTF-8 is `bytes` (a Lua string, read in Lua's
    /// buffer; bytes that are not UTF-8 are read as `String(decoding:as:)` reads them).
    func key(utf8 bytes: UnsafeRawBufferPointer) -> String {
        let hash = keys.hash(bytes)
        if let known = keys.value(for: bytes, hash: hash) { return known }
        misses += 1
        let key = TextNormalizer.normalize(String(decoding: bytes, as: UTF8.self))
        keys.remember(key, for: bytes, hash: hash)
        return key
    }

    /// The budget units of the misses since the last call, which it resets.
    func takeMissCost() -> Int {
        defer { misses = 0 }
        return misses * Self.missCost
    }
}
