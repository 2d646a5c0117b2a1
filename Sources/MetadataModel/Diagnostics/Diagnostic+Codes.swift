/// The codes of what forScore would do with a value: reading, validating or writing metadata
/// reports these instead of failing, because forScore itself never rejects metadata — it
/// reinterprets it.
extension Diagnostic.Code {
    /// A number was outside its field's range and forScore moves it to the nearest bound.
    public static let clamped: Self = "clamped"
    /// A special keyword's value has no digits; forScore reads 0.
    public static let nonNumeric: Self = "non-numeric"
    /// A special keyword's value has digits followed by other text (`3.7`); forScore reads
    /// only the leading digits.
    public static let trailingText: Self = "trailing-text"
    /// A special keyword has more than one `:`; forScore reads only the text after the last.
    public static let extraColon: Self = "extra-colon"
    /// The same field appears twice in Keywords; the last one wins.
    public static let duplicateKeyword: Self = "duplicate-keyword"
    /// A retired `forScore-rating:` / `forScore-difficulty:` keyword.
    public static let legacyKeyword: Self = "legacy-keyword"
    /// `keysf:` without `keymi:`: forScore knows the signature but not the mode.
    public static let keysfWithoutKeymi: Self = "keysf-without-keymi"
    /// `keymi:` without `keysf:`: forScore knows the mode but not the signature.
    public static let keymiWithoutKeysf: Self = "keymi-without-keysf"
    /// A value contains `;`; forScore splits only on `,`, so it stays one value.
    public static let semicolonSeparated: Self = "semicolon-separated"
    /// An empty piece between commas (`a,,b`, a trailing comma); forScore drops it.
    public static let emptyPiece: Self = "empty-piece"
    /// A list value contains `,`; forScore will read it as several values.
    public static let commaInValue: Self = "comma-in-value"
    /// A tag starts like a special keyword; forScore would read it as that keyword.
    public static let tagLooksLikeKeyword: Self = "tag-looks-like-keyword"
    /// The title contains a line break. forScore uses the Title as-is, so nothing is lost,
    /// but its library lists, setlists and CSV rows show titles as one line, so a break
    /// (usually a pasted subtitle) displays cut or joined. Reported, never changed.
    public static let newlineInTitle: Self = "newline-in-title"
    /// An Open In annotation value has the wrong type (a number where a string belongs).
    public static let wrongType: Self = "wrong-type"
}

/// The codes of what tagrules reads past in an interchange file (a 4SS setlist): damage that
/// cannot be tolerated is an ``InterchangeError`` instead.
extension Diagnostic.Code {
    /// An element forScore's format does not define; it and its content are skipped.
    public static let unknownElement: Self = "unknown-element"
    /// An attribute the element does not define; it is ignored.
    public static let unknownAttribute: Self = "unknown-attribute"
    /// Non-blank text between elements; it is ignored.
    public static let ignoredText: Self = "ignored-text"
    /// The XML declaration names an encoding other than UTF-8, which the format requires.
    public static let encoding: Self = "encoding"
}
