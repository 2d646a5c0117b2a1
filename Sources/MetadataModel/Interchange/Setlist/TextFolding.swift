/// The two ways of folding text forScore uses when it matches setlist entries to its library
/// (file-types.txt: "an exact match, then … a case-insensitive match, and finally a
/// diacritics- and case-insensitive match").
///
/// MetadataModel has no Foundation, and the standard library cannot strip diacritics, so the
/// caller supplies both folds. The CLI passes Foundation's, the same functions rules use for
/// `:has()`, so setlist checks and rules agree:
///
/// ```swift
/// TextFolding(
///     caseInsensitive: { $0.folding(options: [.caseInsensitive], locale: nil) },
///     caseAndDiacriticInsensitive: { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) })
/// ```
///
/// Folded strings are compared with Swift's `==`, which treats canonically equivalent text
/// (a precomposed `é` and `e` + U+0301) as equal, like NSString's non-literal comparisons.
public struct TextFolding: Sendable {
    /// Maps text to a case-insensitive key: `"Gymnopédie"` → `"gymnopédie"`.
    public var caseInsensitive: @Sendable (String) -> String
    /// Maps text to a case- and diacritics-insensitive key: `"Gymnopédie"` → `"gymnopedie"`.
    public var caseAndDiacriticInsensitive: @Sendable (String) -> String

    /// Creates the folds.
    public init(
        caseInsensitive: @escaping @Sendable (String) -> String,
        caseAndDiacriticInsensitive: @escaping @Sendable (String) -> String
    ) {
        self.caseInsensitive = caseInsensitive
        self.caseAndDiacriticInsensitive = caseAndDiacriticInsensitive
    }
}
