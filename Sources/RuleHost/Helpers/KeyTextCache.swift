import Foundation
import MetadataModel

/// Remembers, for one Lua state, the two costly answers ``KeyTokenizer`` needs for text that
/// is not ASCII: the ``KeyTextUnit/Flags`` of a character (`Character` properties) and the
/// folded form of a word (Foundation folding). Each costs thousands of instructions, and the
/// titles of one library repeat their accented letters and words score after score. It also
/// remembers the key ``KeyParser`` found in each short text: a library repeats titles
/// ("Untitled", copies of one score), and a rule often parses a title made from the filename
/// and then the filename itself. And it keeps the ``KeyWords`` of the last ASCII text and the
/// ``KeyTextUnit``s of the last other text, whose storage the next one reuses.
///
/// Answers are remembered by exact Unicode scalars and UTF-8 bytes, not by `String` equality
/// (canonical equivalence), so a remembered answer is always the one working it out again
/// would give. Not thread-safe: one cache per Lua state, used by its thread.
final class KeyTextCache {
    /// Answers of each kind remembered before that kind starts over.
    static let capacity = 4_096

    /// Room made up front, so that a run does not pay for the tables growing step by step.
    static let initialCapacity = 256

    // Unchecked exclusivity (every title and filename a rule parses looks them up): a cache is
    // confined to its Lua state's thread, and each lookup or insertion is done before the
    // next begins (`key(in:_:)` runs `parse`, which uses `flags` and `folded`, between its
    // lookup and its insertion in `keys`, never during either).
    @exclusivity(unchecked) private var flags: [UInt32: KeyTextUnit.Flags] = Dictionary(minimumCapacity: initialCapacity)
    @exclusivity(unchecked) private var folded: [ExactText: String] = Dictionary(minimumCapacity: initialCapacity)
    @exclusivity(unchecked) private var keys = TextMemo<Key?>(capacity: capacity, initialCapacity: initialCapacity)

    /// The words of the last ASCII text (see ``takeWords()``) and the units of the last other
    /// text (see ``takeUnits()``).
    @exclusivity(unchecked) fileprivate var wordStorage = KeyWords()
    @exclusivity(unchecked) fileprivate var unitStorage: [KeyTextUnit] = []

    /// The most words, units and text bytes whose storage is kept from one text to the next.
    static let keptWordCapacity = 256

    /// The longest text, in UTF-8 bytes, whose key is remembered: titles and filenames are
    /// shorter, and remembering long text would hold much memory for little gain.
    static let longestRememberedText = 256

    /// ``KeyTextUnit/flags(of:)`` of `character`, remembered for single-scalar characters.
    func flags(of character: Character) -> KeyTextUnit.Flags {
        var scalars = character.unicodeScalars.makeIterator()
        guard let scalar = scalars.next(), scalars.next() == nil else { return KeyTextUnit.flags(of: character) }
        if let known = flags[scalar.value] { return known }
        let answer = KeyTextUnit.flags(of: character)
        if flags.count >= Self.capacity { flags.removeAll(keepingCapacity: true) }
        flags[scalar.value] = answer
        return answer
    }

    /// `word` lowercased with diacritics removed ("Ré" → "re"), as ``KeyToken/folded``.
    func folded(_ word: String) -> String {
        let key = ExactText(word)
        if let known = folded[key] { return known }
        let answer = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        if folded.count >= Self.capacity { folded.removeAll(keepingCapacity: true) }
        folded[key] = answer
        return answer
    }
}

extension KeyTextCache {
    /// The key `parse` finds in `text`, remembered by exact bytes for text of at most
    /// `longestRememberedText` bytes. `parse` must be a function of the text alone.
    func key(in text: String, _ parse: (String) -> Key?) -> Key? {
        var contiguous = text
        return contiguous.withUTF8 { bytes in key(inUTF8: UnsafeRawBufferPointer(bytes)) { parse(text) } }
    }

    /// ``key(in:_:)`` for the text whose UTF-8 is `bytes` (a Lua string, read in Lua's
    /// buffer): the key is found and remembered by the bytes, without making a string.
    func key(inUTF8 bytes: UnsafeRawBufferPointer, _ parse: () -> Key?) -> Key? {
        guard bytes.count <= Self.longestRememberedText else { return parse() }
        let hash = keys.hash(bytes)
        if let known = keys.value(for: bytes, hash: hash) { return known }
        let answer = parse()
        keys.remember(answer, for: bytes, hash: hash)
        return answer
    }
}

extension KeyTextCache {
    /// The words kept from the last text (emptied here, so the caller holds the only
    /// reference once that text's parse has let go of them).
    func takeWords() -> KeyWords {
        var taken = KeyWords()
        swap(&taken, &wordStorage)
        return taken
    }

    /// Keeps `words` for the next text to reuse their storage, unless it is larger than a title
    /// needs (a long text must not hold its memory for the rest of the run).
    func keepWords(_ words: KeyWords) {
        if words.capacity.words <= Self.keptWordCapacity, words.capacity.bytes <= Self.keptWordCapacity {
            wordStorage = words
        }
    }
}

extension KeyTextCache {
    /// The units kept from the last text that is not ASCII (emptied here, like
    /// ``takeWords()``).
    func takeUnits() -> [KeyTextUnit] {
        var taken: [KeyTextUnit] = []
        swap(&taken, &unitStorage)
        return taken
    }

    /// Keeps `units` for the next text to reuse their storage, unless it is larger than a
    /// title needs.
    func keepUnits(_ units: [KeyTextUnit]) {
        if units.capacity <= Self.keptWordCapacity { unitStorage = units }
    }
}

/// A string that equals another only with the same UTF-8 bytes ("é" is not "e\u{301}").
private struct ExactText: Hashable {
    private let text: String

    init(_ text: String) { self.text = text }

    /// Runs `body` on the UTF-8 bytes: the string's own storage when it has one (native
    /// strings, a hot path: every lookup that finds its text), else a copy.
    private func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        text.utf8.withContiguousStorageIfAvailable { body(UnsafeRawBufferPointer($0)) }
            ?? Array(text.utf8).withUnsafeBytes(body)
    }

    /// Compares the bytes with `memcmp`.
    static func == (left: ExactText, right: ExactText) -> Bool {
        left.withBytes { leftBytes in
            right.withBytes { rightBytes in
                leftBytes.count == rightBytes.count
                    && (leftBytes.isEmpty || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0)
            }
        }
    }

    /// Hashes the UTF-8 bytes in one call.
    func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: $0) }
    }
}
