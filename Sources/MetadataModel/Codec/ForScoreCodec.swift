/// forScore's reading of PDF metadata, and the writer whose output forScore reads as
/// intended (pdf-metadata.txt; forscore-notes.md, "Keywords grammar").
///
/// All three functions are total: they never fail on hostile input, they report what forScore
/// would do with it as diagnostics.
public enum ForScoreCodec {
    /// Reads the four Info strings exactly as forScore does.
    ///
    /// - Title is used as-is; an absent or empty Title is no title.
    /// - Author, Subject and Keywords are split on `,`; each piece is trimmed of whitespace and
    ///   newlines (`NSCharacterSet.whitespaceAndNewlineCharacterSet`); empty pieces are dropped.
    /// - A Keywords piece whose lowercase form starts with `rating:`, `difficulty:`,
    ///   `duration:`, `seconds:`, `keysf:`, `keymi:`, `forscore-rating:` or
    ///   `forscore-difficulty:` is special: its value is the text after its last `:`, read
    ///   with `-[NSString integerValue]` semantics (``IntegerValue``) and clamped to the
    ///   field's range (``MetadataField/validRange``). Every other piece is a tag.
    /// - Repeated keywords: the last one wins (forScore's loop overwrites its variable);
    ///   `duration:` and `seconds:` are the same field; a modern keyword wins over a legacy
    ///   one whatever the order; a legacy one alone maps N → N (see ``KeywordsDecoder``).
    /// - Labels are never in PDF metadata, so they are always empty.
    ///
    /// - Parameter info: The Info values (absent entries `nil`).
    /// - Returns: forScore's view, and a diagnostic for every lossy or surprising input:
    ///   `clamped`, `non-numeric`, `trailing-text`, `extra-colon`, `duplicate-keyword`,
    ///   `legacy-keyword`, `keysf-without-keymi`, `keymi-without-keysf`,
    ///   `semicolon-separated`, `empty-piece`, `newline-in-title`.
    public static func decode(
        _ info: InfoStrings
    ) -> (metadata: ScoreMetadata, diagnostics: [Diagnostic]) {
        var reader = ValueReader()
        let title = info.title.flatMap { $0.isEmpty ? nil : $0 }
        if let title, ForScoreText.containsLineBreak(title) {
            reader.diagnostics.append(.newlineInTitle(title))
        }
        let composers = reader.pieces(of: info.author, field: .composers)
        for composer in composers { reader.checkSemicolon(composer, field: .composers) }
        let genres = reader.pieces(of: info.subject, field: .genres)
        for genre in genres { reader.checkSemicolon(genre, field: .genres) }
        var keywords = KeywordsDecoder()
        for piece in reader.pieces(of: info.keywords, field: .tags) {
            keywords.read(piece, reader: &reader)
        }
        // Built once the values are known, not changed field by field.
        return (keywords.finish(title: title, composers: composers, genres: genres, reader: &reader), reader.diagnostics)
    }

    /// Returns `metadata` exactly as forScore will show it after ``encode(_:options:)`` and
    /// ``decode(_:)``, with a diagnostic for every change or surprise.
    ///
    /// - An empty title becomes `nil`; a title with a line break is kept (`newline-in-title`).
    /// - List values (composers, genres, tags, labels) are trimmed; a value containing `,` is
    ///   split into its pieces (`comma-in-value`); empty values are dropped (`empty-piece`);
    ///   a value containing `;` is kept as one value (`semicolon-separated`).
    /// - A tag that starts like a special keyword (`rating:5`) is removed
    ///   (`tag-looks-like-keyword`): written, it would set that field instead.
    /// - Numbers are clamped to their field's range (`clamped`).
    /// - Half a key is kept and reported (`keysf-without-keymi`, `keymi-without-keysf`).
    /// - Labels are validated like the other lists (Open In and CSV split them on `,` too) and
    ///   kept, although PDF metadata cannot hold them.
    ///
    /// Validation is idempotent: validating its own result changes nothing.
    public static func validate(
        _ metadata: ScoreMetadata
    ) -> (metadata: ScoreMetadata, diagnostics: [Diagnostic]) {
        MetadataValidator.validate(metadata)
    }

    /// Splits a comma-separated list as forScore does everywhere (Author, Subject, Keywords,
    /// Open In annotations, CSV cells): split on `,`, trim whitespace and newlines, drop empty
    /// pieces. No special keywords are recognised here.
    ///
    /// - Parameter text: The list as one string, e.g. `"Label One, Label Two"`.
    /// - Returns: The values in order.
    public static func splitList(_ text: String) -> [String] {
        ForScoreText.listPieces(text).pieces
    }

    /// Writes `metadata` as the four Info strings, after ``validate(_:)``.
    ///
    /// - Title as-is; Author and Subject are the composers and genres joined with `", "`.
    /// - Keywords are the tags in their order, then the set special keywords in the fixed
    ///   order rating, difficulty, duration (or `seconds:`, see ``EncodingOptions``), keysf,
    ///   keymi, all joined with `", "` — never with spaces alone, and never dropping a tag.
    /// - An empty value is `nil`, meaning "no entry". Labels are not written: PDF metadata has
    ///   no place for them.
    ///
    /// `decode(encode(x).info).metadata` equals `validate(x).metadata` with its labels removed;
    /// for valid metadata without labels that is `x` itself.
    ///
    /// - Returns: The Info strings and the diagnostics of validation.
    public static func encode(
        _ metadata: ScoreMetadata, options: EncodingOptions = .init()
    ) -> (info: InfoStrings, diagnostics: [Diagnostic]) {
        let (valid, diagnostics) = validate(metadata)
        var keywords = valid.tags
        for field in MetadataField.allCases {
            guard case .number(let value?) = valid[field],
                let keyword = SpecialKeyword(writing: field, durationKeyword: options.durationKeyword)
            else { continue }
            keywords.append(keyword.written(value))
        }
        func joined(_ values: [String]) -> String? {
            values.isEmpty ? nil : values.joined(separator: ", ")
        }
        let info = InfoStrings(
            title: valid.title, author: joined(valid.composers), subject: joined(valid.genres),
            keywords: joined(keywords))
        return (info, diagnostics)
    }
}
