/// The value of one ``MetadataField``, for diffs and reports.
///
/// Encoded as plain JSON: `.text` as a string or `null`, `.list` as an array of strings,
/// `.number` as a number or `null`. A bare `null` decodes as `.text(nil)`; where the field is
/// known (``MetadataChange``) it decodes as that field's kind.
public enum FieldValue: Sendable, Hashable, Codable {
    /// A title: a string or none.
    case text(String?)
    /// Composers, genres, tags or labels.
    case list([String])
    /// Rating, difficulty, duration, keysf or keymi: a whole number or none.
    case number(Int?)

    /// Whether the value is absent or empty.
    public var isEmpty: Bool {
        switch self {
        case .text(let text): text == nil
        case .list(let list): list.isEmpty
        case .number(let number): number == nil
        }
    }

    /// Decodes `null`, a string, an array of strings or an integer.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .text(nil)
        } else if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let list = try? container.decode([String].self) {
            self = .list(list)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "a field value must be null, a string, an array of strings or an integer")
        }
    }

    /// Encodes as `null`, a string, an array of strings or an integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text?): try container.encode(text)
        case .number(let number?): try container.encode(number)
        case .list(let list): try container.encode(list)
        case .text(nil), .number(nil): try container.encodeNil()
        }
    }

    /// `self` read as a value of `kind`: a `null` read without context becomes the kind's
    /// empty value.
    func interpreted(as kind: MetadataField.Kind) -> FieldValue {
        switch (self, kind) {
        case (.text(nil), .number): .number(nil)
        case (.text(nil), .list): .list([])
        default: self
        }
    }
}

extension FieldValue: CustomStringConvertible {
    /// A short human form for text reports: `"Nocturne"`, `[a, b]`, `3`, or `—` when empty.
    public var description: String {
        switch self {
        case .text(let text?): "\"" + text + "\""
        case .list(let list): "[" + list.joined(separator: ", ") + "]"
        case .number(let number?): String(number)
        case .text(nil), .number(nil): "—"
        }
    }
}

extension ScoreMetadata {
    /// The value of `field`, e.g. `metadata[.rating] == .number(3)`.
    public subscript(field: MetadataField) -> FieldValue {
        switch field {
        case .title: .text(title)
        case .composers: .list(composers)
        case .genres: .list(genres)
        case .tags: .list(tags)
        case .labels: .list(labels)
        case .rating: .number(rating)
        case .difficulty: .number(difficulty)
        case .duration: .number(duration)
        case .keysf: .number(keysf)
        case .keymi: .number(keymi)
        }
    }
}
