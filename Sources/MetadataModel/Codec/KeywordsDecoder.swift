/// Splits the Keywords pieces into tags and special keywords, forScore's loop from
/// pdf-metadata.txt "Parsing Specialty Keywords", with tagrules' documented precedence:
///
/// - Each piece is tested by case-insensitive prefix; a piece that matches no prefix is a tag,
///   kept as-is in its position.
/// - A special keyword's value is the text after its last `:`, read with `integerValue`
///   semantics and clamped.
/// - Within one spelling class the last occurrence wins, as the sample loop overwrites its
///   variable on every match. `duration:` and `seconds:` are one field.
/// - A modern keyword (`rating:`) wins over a retired one (`forScore-rating:`) whatever their
///   order. A retired one alone is read with the identity mapping — legacy N → N — and clamped:
///   the old 1-based scale's N is the same number of stars on the 0-based scale, whose 0 now
///   means "none".
struct KeywordsDecoder {
    private struct Occurrence {
        var piece: String
        var value: Int
    }

    /// The last occurrence of each number field's keyword: five slots, no dictionary to
    /// build for every score.
    private struct Occurrences {
        private var rating, difficulty, duration, keysf, keymi: Occurrence?

        /// The slot of a number field; text and list fields have none (always nil).
        subscript(field: MetadataField) -> Occurrence? {
            get {
                switch field {
                case .rating: rating
                case .difficulty: difficulty
                case .duration: duration
                case .keysf: keysf
                case .keymi: keymi
                case .title, .composers, .genres, .tags, .labels: nil
                }
            }
            set {
                switch field {
                case .rating: rating = newValue
                case .difficulty: difficulty = newValue
                case .duration: duration = newValue
                case .keysf: keysf = newValue
                case .keymi: keymi = newValue
                case .title, .composers, .genres, .tags, .labels: break
                }
            }
        }
    }

    private var modern = Occurrences()
    private var legacy = Occurrences()
    /// Whether any special keyword was read (most Keywords hold none).
    private var readKeyword = false
    /// The pieces that are not special keywords, in order.
    private(set) var tags: [String] = []

    /// Reads one trimmed, non-empty Keywords piece.
    mutating func read(_ piece: String, reader: inout ValueReader) {
        guard let keyword = SpecialKeyword(matching: piece) else {
            reader.checkSemicolon(piece, field: .tags)
            tags.append(piece)
            return
        }
        let field = keyword.field
        reader.checkSemicolon(piece, field: field)
        let valueText = ForScoreText.afterLastColon(piece)
        if piece.unicodeScalars.count(where: { $0 == ":" }) > 1 {
            reader.diagnostics.append(.extraColon(field, source: piece, valueText: valueText))
        }
        let occurrence = Occurrence(piece: piece, value: reader.number(valueText, field: field, source: piece))
        readKeyword = true
        if keyword.isLegacy {
            if let earlier = legacy[field] {
                reader.diagnostics.append(.duplicate(field, earlier: earlier.piece, later: piece))
            }
            legacy[field] = occurrence
        } else {
            if let earlier = modern[field] {
                reader.diagnostics.append(.duplicate(field, earlier: earlier.piece, later: piece))
            }
            modern[field] = occurrence
        }
    }

    /// The metadata with the other fields given, the tags and the winning values; reports
    /// legacy keywords and half keys.
    func finish(title: String?, composers: [String], genres: [String], reader: inout ValueReader) -> ScoreMetadata {
        guard readKeyword else { return ScoreMetadata(title: title, composers: composers, genres: genres, tags: tags) }
        reportLegacy(.rating, reader: &reader)
        reportLegacy(.difficulty, reader: &reader)
        reader.checkKeyPair(keysf: modern[.keysf]?.piece, keymi: modern[.keymi]?.piece, in: .keywords)
        func value(_ field: MetadataField) -> Int? { (modern[field] ?? legacy[field])?.value }
        return ScoreMetadata(
            title: title, composers: composers, genres: genres, tags: tags, rating: value(.rating),
            difficulty: value(.difficulty), duration: value(.duration), keysf: value(.keysf), keymi: value(.keymi))
    }

    /// Reports the retired keyword of `keyword`'s field, read or ignored.
    private func reportLegacy(_ keyword: SpecialKeyword, reader: inout ValueReader) {
        guard let old = legacy[keyword.field] else { return }
        if let new = modern[keyword.field] {
            reader.diagnostics.append(.legacyIgnored(keyword.field, source: old.piece, modern: new.piece))
        } else {
            reader.diagnostics.append(.legacyRead(keyword.field, source: old.piece, modern: keyword.written(old.value)))
        }
    }
}
