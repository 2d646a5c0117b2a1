/// One field whose value differs between two ``ScoreMetadata`` values: a line of a `plan`
/// report.
public struct MetadataChange: Sendable, Hashable, Codable {
    /// The field that changes.
    public var field: MetadataField
    /// Its value before.
    public var before: FieldValue
    /// Its value after.
    public var after: FieldValue

    /// Creates a change.
    public init(field: MetadataField, before: FieldValue, after: FieldValue) {
        self.field = field
        self.before = before
        self.after = after
    }

    private enum CodingKeys: String, CodingKey { case field, before, after }

    /// Decodes `{"field": …, "before": …, "after": …}`, reading `null` as the field's kind.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        field = try container.decode(MetadataField.self, forKey: .field)
        before = try container.decode(FieldValue.self, forKey: .before).interpreted(as: field.kind)
        after = try container.decode(FieldValue.self, forKey: .after).interpreted(as: field.kind)
    }
}

extension ScoreMetadata {
    /// The fields whose values differ from `self` to `other`, in ``MetadataField`` order.
    ///
    /// Lists compare in order: `[a, b]` → `[b, a]` is a change, because forScore shows the
    /// values in the order written.
    ///
    /// - Parameter other: The metadata after the change.
    /// - Returns: One ``MetadataChange`` per differing field; empty when equal.
    public func changes(to other: ScoreMetadata) -> [MetadataChange] {
        MetadataField.allCases.compactMap { field in
            self[field] == other[field] ? nil : MetadataChange(field: field, before: self[field], after: other[field])
        }
    }
}
