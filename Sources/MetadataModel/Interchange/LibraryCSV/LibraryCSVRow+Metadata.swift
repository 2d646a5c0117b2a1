extension LibraryCSVRow {
    /// The metadata forScore takes from this row, read with the rules forScore uses for every
    /// other source (``ForScoreCodec``, ``OpenInAnnotation``):
    ///
    /// - Title as-is; an empty cell is no title.
    /// - Composers, Genres, Tags and Labels split on `,`, trimmed, empty pieces dropped (as
    ///   ``ForScoreCodec/splitList(_:)``). No special keywords: `rating:5` is a tag here.
    /// - Rating, Difficulty, keysf and keymi: blank is unset; otherwise `integerValue`
    ///   semantics (``IntegerValue``), clamped to the field's range.
    /// - Duration: `Minutes × 60 + Seconds`, each read like the other numbers and clamped to
    ///   ≥ 0, saturating at `Int.max`; a blank part counts as 0; both blank is no duration.
    /// - Reference has no place in ``ScoreMetadata``; it stays in ``reference``.
    ///
    /// Rating and Difficulty `0` are read as 0. forScore writes 0 for "unset" too; use
    /// ``metadata(replacing:filename:)`` to apply a row without turning unset into 0.
    ///
    /// - Returns: The metadata, with `clamped`, `non-numeric`, `trailing-text`, `empty-piece`,
    ///   `semicolon-separated`, `newline-in-title` and key-pair diagnostics.
    public var metadata: (metadata: ScoreMetadata, diagnostics: [Diagnostic]) {
        var reader = ValueReader()
        var metadata = ScoreMetadata()
        if !title.isEmpty {
            metadata.title = title
            if ForScoreText.containsLineBreak(title) { reader.diagnostics.append(.newlineInTitle(title)) }
        }
        let lists: [(MetadataField, String)] = [
            (.composers, composers), (.genres, genres), (.tags, tags), (.labels, labels),
        ]
        for (field, cell) in lists {
            let pieces = reader.pieces(of: cell, field: field)
            for piece in pieces { reader.checkSemicolon(piece, field: field) }
            metadata.set(pieces, for: field)
        }
        metadata.rating = reader.optionalNumber(rating, field: .rating)
        metadata.difficulty = reader.optionalNumber(difficulty, field: .difficulty)
        metadata.keysf = reader.optionalNumber(keysf, field: .keysf)
        metadata.keymi = reader.optionalNumber(keymi, field: .keymi)
        metadata.duration = reader.duration(minutes: minutes, seconds: seconds)
        reader.checkKeyPair(
            keysf: metadata.keysf.map { _ in keysf }, keymi: metadata.keymi.map { _ in keymi }, in: .csvCells)
        return (metadata, reader.diagnostics)
    }

    /// The metadata a score's PDF should carry so that forScore shows this row, starting from
    /// what the PDF already has: ``metadata`` with two of forScore's export conventions undone,
    /// so that importing an unchanged export changes nothing.
    ///
    /// - A blank Title, or a Title equal to the file name minus `.pdf` when `existing` has no
    ///   title (what ``LibraryCSV/rows(filename:metadata:bookmarks:reference:)`` writes for an
    ///   untitled score), keeps `existing.title`.
    /// - Rating or Difficulty `0` keeps an unset `existing` value unset (forScore writes 0 for
    ///   both); any other value, and 0 over a set value, replaces it.
    /// - Every other field is the row's, blank cells clearing the field.
    ///
    /// Meant for score rows; bookmark rows describe page ranges, not the PDF's metadata.
    ///
    /// - Parameters:
    ///   - existing: forScore's view of the PDF now.
    ///   - filename: The PDF's name in the library; defaults to the row's Filename.
    public func metadata(
        replacing existing: ScoreMetadata, filename: String? = nil
    ) -> (metadata: ScoreMetadata, diagnostics: [Diagnostic]) {
        var (result, diagnostics) = metadata
        let stem = ScoreMetadata.stem(of: filename ?? self.filename)
        if result.title == nil || (existing.title == nil && result.title == stem) {
            result.title = existing.title
        }
        if result.rating == 0, existing.rating == nil { result.rating = nil }
        if result.difficulty == 0, existing.difficulty == nil { result.difficulty = nil }
        return (result, diagnostics)
    }
}

extension ValueReader {
    /// A number cell: `nil` when blank, else read and clamped like a special keyword's value.
    mutating func optionalNumber(_ cell: String, field: MetadataField) -> Int? {
        LibraryCSV.isBlank(cell) ? nil : number(cell, field: field, source: cell)
    }

    /// The duration from the Minutes and Seconds cells; `nil` when both are blank.
    mutating func duration(minutes: String, seconds: String) -> Int? {
        let minutesValue = durationPart(minutes, name: "minutes")
        let secondsValue = durationPart(seconds, name: "seconds")
        guard minutesValue != nil || secondsValue != nil else { return nil }
        let (inSeconds, o1) = (minutesValue ?? 0).multipliedReportingOverflow(by: 60)
        let (total, o2) = inSeconds.addingReportingOverflow(secondsValue ?? 0)
        // Both parts are clamped to ≥ 0, so overflow can only be upwards.
        return o1 || o2 ? Int.max : total
    }

    /// A Minutes or Seconds cell; diagnostics quote it as `minutes 3.5`.
    private mutating func durationPart(_ cell: String, name: String) -> Int? {
        LibraryCSV.isBlank(cell) ? nil : number(cell, field: .duration, source: name + " " + cell)
    }
}
