/// The `UIDocumentInteractionController.annotation` dictionary forScore adopts when a file is
/// opened in it (open-in.txt): keys `title`, `composers`, `genres`, `tags`, `labels`,
/// `rating`, `difficulty`, `duration`, `keysf`, `keymi` — the raw values of ``MetadataField``.
///
/// Codable as a plain JSON object of strings and numbers, e.g.
/// `{"title": "Nocturne", "composers": "Frédéric Chopin", "rating": 5}`.
public struct OpenInAnnotation: Sendable, Hashable, Codable {
    /// The annotation as an app would hand it to iOS: lists as comma-separated strings,
    /// numbers as numbers.
    public var dictionary: [String: AnnotationValue]

    /// Wraps an annotation dictionary, for instance one received from another app.
    public init(dictionary: [String: AnnotationValue]) {
        self.dictionary = dictionary
    }

    /// The annotation for `metadata`, the way open-in.txt's "Supplying Annotations" builds it:
    /// title as a string, lists joined with `", "`, numbers as numbers; unset and empty fields
    /// are left out.
    ///
    /// Values are written as given. ``ForScoreCodec/validate(_:)`` first if they must be in
    /// forScore's ranges and free of commas; ``decoded()`` reports what forScore makes of them.
    public init(_ metadata: ScoreMetadata) {
        var dictionary: [String: AnnotationValue] = [:]
        for field in MetadataField.allCases {
            switch metadata[field] {
            case .text(let text?) where !text.isEmpty: dictionary[field.rawValue] = .string(text)
            case .list(let list) where !list.isEmpty:
                dictionary[field.rawValue] = .string(list.joined(separator: ", "))
            case .number(let number?): dictionary[field.rawValue] = .number(number)
            default: break
            }
        }
        self.dictionary = dictionary
    }

    /// Reads the annotation as forScore does (open-in.txt, "Reading Annotations"):
    ///
    /// - `title` is used as-is (an empty title means none: forScore then uses the file name);
    /// - `composers`, `genres`, `tags` and `labels` are split on `,`, trimmed, empty pieces
    ///   dropped — no special keywords here, `rating:5` is an ordinary tag;
    /// - numbers are `integerValue` of an `NSNumber` or `NSString` (``IntegerValue``), clamped
    ///   to the same ranges as PDF metadata;
    /// - a number where forScore expects a string is ignored (`wrong-type`); unknown keys are
    ///   ignored.
    ///
    /// - Returns: The metadata forScore adopts and diagnostics, as for ``ForScoreCodec/decode(_:)``.
    public func decoded() -> (metadata: ScoreMetadata, diagnostics: [Diagnostic]) {
        var reader = ValueReader()
        var metadata = ScoreMetadata()
        var numbers: [MetadataField: Int] = [:]
        // Each number as the annotation gives it, for the half-key diagnostics to quote.
        var written: [MetadataField: String] = [:]
        for field in MetadataField.allCases {
            guard let value = dictionary[field.rawValue] else { continue }
            switch (field.kind, value) {
            case (.text, .string(let text)):
                metadata.title = text.isEmpty ? nil : text
                if ForScoreText.containsLineBreak(text) { reader.diagnostics.append(.newlineInTitle(text)) }
            case (.list, .string(let text)):
                let pieces = reader.pieces(of: text, field: field)
                for piece in pieces { reader.checkSemicolon(piece, field: field) }
                metadata.set(pieces, for: field)
            case (.text, .number), (.list, .number):
                reader.diagnostics.append(.wrongType(field, expected: "a string"))
            case (.number, .string(let text)):
                numbers[field] = reader.number(text, field: field, source: text)
                written[field] = text
            case (.number, .number(let number)):
                numbers[field] = reader.clamp(number, field: field, source: nil)
                written[field] = String(number)
            }
        }
        metadata.rating = numbers[.rating]
        metadata.difficulty = numbers[.difficulty]
        metadata.duration = numbers[.duration]
        metadata.keysf = numbers[.keysf]
        metadata.keymi = numbers[.keymi]
        reader.checkKeyPair(keysf: written[.keysf], keymi: written[.keymi], in: .annotation)
        return (metadata, reader.diagnostics)
    }

    /// Decodes a plain JSON object of strings and numbers.
    public init(from decoder: any Decoder) throws {
        dictionary = try decoder.singleValueContainer().decode([String: AnnotationValue].self)
    }

    /// Encodes ``dictionary`` as a plain JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(dictionary)
    }
}

extension ScoreMetadata {
    /// Sets a list field; other fields are left alone.
    mutating func set(_ list: [String], for field: MetadataField) {
        switch field {
        case .composers: composers = list
        case .genres: genres = list
        case .tags: tags = list
        case .labels: labels = list
        case .title, .rating, .difficulty, .duration, .keysf, .keymi: break
        }
    }
}
