/// Font and CMap names compared with ASCII words byte by byte: a word is ASCII, so a match
/// never starts inside a multi-byte character.
enum NameBytes {
    /// Whether `name` holds the bytes of `word` from `start` on.
    static func matches(_ name: [UInt8], _ word: String, at start: Int) -> Bool {
        let word = word.utf8
        guard name.count - start >= word.count else { return false }
        return zip(name[start...], word).allSatisfy { $0 == $1 }
    }

    /// Whether `name` starts with the bytes of `word`.
    static func hasPrefix(_ name: [UInt8], _ word: String) -> Bool {
        matches(name, word, at: 0)
    }

    /// Whether `name` holds the bytes of `word` anywhere.
    static func contains(_ name: [UInt8], _ word: String) -> Bool {
        name.indices.contains { matches(name, word, at: $0) }
    }
}
