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

    private var modern: [MetadataField: Occurrence] = [:]
    private var legacy: [MetadataField: Occurrence] = [:]
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
        // `:` is the byte 0x3A in UTF-8, never part of another scalar.
        if piece.utf8.lazy.filter({ $0 == UInt8(ascii: ":") }).count > 1 {
            reader.diagnostics.append(.extraColon(field, source: piece, valueText: valueText))
        }
        let occurrence = Occurrence(piece: piece, value: reader.number(valueText, field: field, source: piece))
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

    /// Stores the winning values in `metadata` and reports legacy keywords and half keys.
    func finish(into metadata: inout ScoreMetadata, reader: inout ValueReader) {
        metadata.tags = tags
        for keyword in [SpecialKeyword.rating, .difficulty] {
            guard let old = legacy[keyword.field] else { continue }
            if let new = modern[keyword.field] {
                reader.diagnostics.append(.legacyIgnored(keyword.field, source: old.piece, modern: new.piece))
            } else {
                reader.diagnostics.append(
                    .legacyRead(keyword.field, source: old.piece, modern: keyword.written(old.value)))
            }
        }
        func value(_ field: MetadataField) -> Int? { (modern[field] ?? legacy[field])?.value }
        metadata.rating = value(.rating)
        metadata.difficulty = value(.difficulty)
        metadata.duration = value(.duration)
        metadata.keysf = value(.keysf)
        metadata.keymi = value(.keymi)
        reader.checkKeyPair(keysf: modern[.keysf]?.piece, keymi: modern[.keymi]?.piece)
    }
}
