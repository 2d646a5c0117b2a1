import MetadataModel

/// The direct edits of `tagrules set`: each field is replaced, cleared or left alone.
package struct MetadataEdit: Sendable, Hashable {
    /// What to do with one field.
    package enum Change<Value: Sendable & Hashable>: Sendable, Hashable {
        case keep
        case clear
        case set(Value)

        func applied(to value: Value?) -> Value? {
            switch self {
            case .keep: value
            case .clear: nil
            case .set(let new): new
            }
        }
    }

    package var title: Change<String> = .keep
    package var composers: Change<[String]> = .keep
    package var genres: Change<[String]> = .keep
    package var tags: Change<[String]> = .keep
    /// Tags added after `tags` is applied, unless already present (case-insensitively).
    package var addTags: [String] = []
    /// Tags removed (case-insensitively) after `tags` and `addTags`.
    package var removeTags: [String] = []
    package var rating: Change<Int> = .keep
    package var difficulty: Change<Int> = .keep
    package var duration: Change<Int> = .keep
    package var key: Change<Key> = .keep

    /// Whether the edit changes nothing at all.
    package var isEmpty: Bool { self == MetadataEdit() }

    /// Applies the edit; validation happens afterwards, in ``EditTransform``.
    func apply(to metadata: inout ScoreMetadata) {
        metadata.title = title.applied(to: metadata.title)
        metadata.composers = composers.applied(to: metadata.composers) ?? []
        metadata.genres = genres.applied(to: metadata.genres) ?? []
        metadata.tags = tags.applied(to: metadata.tags) ?? []
        // Added and removed tags are compared with the tags forScore reads, a value with commas
        // being several, as everywhere else: adding "piano, solo" twice adds nothing the second time.
        if !addTags.isEmpty || !removeTags.isEmpty {
            let removed = removeTags.flatMap(ForScoreCodec.splitList)
            let before = metadata.tags.flatMap(ForScoreCodec.splitList)
            var present = before
            for tag in addTags.flatMap(ForScoreCodec.splitList) where !present.contains(where: { Self.same($0, tag) }) {
                present.append(tag)
            }
            present.removeAll { tag in removed.contains { Self.same($0, tag) } }
            if present != before { metadata.tags = present }
        }
        metadata.rating = rating.applied(to: metadata.rating)
        metadata.difficulty = difficulty.applied(to: metadata.difficulty)
        metadata.duration = duration.applied(to: metadata.duration)
        switch key {
        case .keep: break
        case .clear: metadata.key = nil
        case .set(let key): metadata.key = key
        }
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.lowercased() == b.lowercased()
    }

    /// Creates an edit that keeps every field.
    package init() {}
}
