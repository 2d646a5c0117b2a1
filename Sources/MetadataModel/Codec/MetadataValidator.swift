/// Turns arbitrary metadata into what forScore will show after tagrules writes it and
/// forScore reads it back; the implementation of `ForScoreCodec.validate(_:)`.
struct MetadataValidator {
    private var reader = ValueReader()

    /// Validates `metadata`; see `ForScoreCodec.validate(_:)` for the rules.
    static func validate(_ metadata: ScoreMetadata) -> (metadata: ScoreMetadata, diagnostics: [Diagnostic]) {
        var validator = MetadataValidator()
        // Built field by field, not as a changed copy of `metadata`.
        let result = ScoreMetadata(
            title: validator.title(metadata.title),
            composers: validator.list(metadata.composers, field: .composers),
            genres: validator.list(metadata.genres, field: .genres),
            tags: validator.list(metadata.tags, field: .tags),
            labels: validator.list(metadata.labels, field: .labels),
            rating: validator.number(metadata.rating, field: .rating),
            difficulty: validator.number(metadata.difficulty, field: .difficulty),
            duration: validator.number(metadata.duration, field: .duration),
            keysf: validator.number(metadata.keysf, field: .keysf),
            keymi: validator.number(metadata.keymi, field: .keymi))
        validator.reader.checkKeyPair(
            keysf: result.keysf.map { SpecialKeyword.keysf.written($0) },
            keymi: result.keymi.map { SpecialKeyword.keymi.written($0) }, in: .keywords)
        return (result, validator.reader.diagnostics)
    }

    private mutating func title(_ title: String?) -> String? {
        guard let title, !title.isEmpty else { return nil }
        if ForScoreText.containsLineBreak(title) {
            reader.diagnostics.append(.newlineInTitle(title))
        }
        return title
    }

    private mutating func list(_ values: [String], field: MetadataField) -> [String] {
        var result: [String] = []
        result.reserveCapacity(values.count)
        for value in values {
            // Most values hold no comma: one piece, no splitting.
            guard ForScoreText.contains(",", in: value) else {
                let piece = ForScoreText.trimmed(value)
                if piece.isEmpty {
                    reader.diagnostics.append(.emptyValue(field, value: value))
                } else {
                    accept(piece, field: field, into: &result)
                }
                continue
            }
            let pieces = ForScoreText.listPieces(value).pieces
            if pieces.isEmpty {
                reader.diagnostics.append(.emptyValue(field, value: value))
                continue
            }
            reader.diagnostics.append(.commaInValue(field, value: value, pieces: pieces))
            for piece in pieces { accept(piece, field: field, into: &result) }
        }
        return result
    }

    /// Adds one trimmed, non-empty piece of a list value, unless it is a tag that forScore
    /// would read as a special keyword.
    private mutating func accept(_ piece: String, field: MetadataField, into result: inout [String]) {
        if field == .tags, let keyword = SpecialKeyword(matching: piece) {
            reader.diagnostics.append(.tagLooksLikeKeyword(piece, field: keyword.field))
            return
        }
        reader.checkSemicolon(piece, field: field)
        result.append(piece)
    }

    private mutating func number(_ value: Int?, field: MetadataField) -> Int? {
        value.map { reader.clamp($0, field: field, source: nil) }
    }
}
