/// Turns arbitrary metadata into what forScore will show after tagrules writes it and
/// forScore reads it back; the implementation of `ForScoreCodec.validate(_:)`.
struct MetadataValidator {
    private var reader = ValueReader()

    /// Validates `metadata`; see `ForScoreCodec.validate(_:)` for the rules.
    static func validate(_ metadata: ScoreMetadata) -> (metadata: ScoreMetadata, diagnostics: [MetadataDiagnostic]) {
        var validator = MetadataValidator()
        var result = metadata
        result.title = validator.title(metadata.title)
        result.composers = validator.list(metadata.composers, field: .composers)
        result.genres = validator.list(metadata.genres, field: .genres)
        result.tags = validator.list(metadata.tags, field: .tags)
        result.labels = validator.list(metadata.labels, field: .labels)
        result.rating = validator.number(metadata.rating, field: .rating)
        result.difficulty = validator.number(metadata.difficulty, field: .difficulty)
        result.duration = validator.number(metadata.duration, field: .duration)
        result.keysf = validator.number(metadata.keysf, field: .keysf)
        result.keymi = validator.number(metadata.keymi, field: .keymi)
        validator.reader.checkKeyPair(
            keysf: result.keysf.map { SpecialKeyword.keysf.written($0) },
            keymi: result.keymi.map { SpecialKeyword.keymi.written($0) })
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
        for value in values {
            let raw = ForScoreText.commaPieces(value)
            let pieces = raw.map(ForScoreText.trimmed).filter { !$0.isEmpty }
            if pieces.isEmpty {
                reader.diagnostics.append(.emptyValue(field, value: value))
                continue
            }
            if raw.count > 1 {
                reader.diagnostics.append(.commaInValue(field, value: value, pieces: pieces))
            }
            for piece in pieces {
                if field == .tags, let keyword = SpecialKeyword(matching: piece) {
                    reader.diagnostics.append(.tagLooksLikeKeyword(piece, field: keyword.field))
                    continue
                }
                reader.checkSemicolon(piece, field: field)
                result.append(piece)
            }
        }
        return result
    }

    private mutating func number(_ value: Int?, field: MetadataField) -> Int? {
        value.map { reader.clamp($0, field: field, source: nil) }
    }
}
