/// Text as notation files write it.
enum NotationText {
    /// `text` with white space runs (line breaks included) made single spaces and the ends trimmed.
    static func trimmed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// A trimmed text, nil when blank.
    static func nonBlank(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = trimmed(text)
        return trimmed.isEmpty ? nil : trimmed
    }
}
