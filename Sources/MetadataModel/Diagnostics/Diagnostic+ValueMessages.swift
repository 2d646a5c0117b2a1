/// The diagnostics the codec emits, one factory per situation so that wording and severity
/// stay consistent between decoding, validation and Open In annotations.
extension Diagnostic {
    private static func q(_ text: String) -> String { ForScoreText.quoted(text) }

    /// - Parameter source: The text read (a keyword piece, an annotation string), or `nil`
    ///   when the number was given as a number.
    static func clamped(_ field: MetadataField, source: String?, read: Int, shown: Int) -> Self {
        let bound = read > shown ? "above \(shown)" : "below \(shown)"
        let what = source.map { "\(q($0)) is read as \(read)," } ?? "\(field.rawValue) \(read) is"
        return Self(
            severity: .warning, code: .clamped, field: field,
            message: "\(what) \(bound); forScore shows \(shown)")
    }

    static func nonNumeric(_ field: MetadataField, source: String) -> Self {
        Self(
            severity: .warning, code: .nonNumeric, field: field,
            message: "\(q(source)) has no whole number; forScore reads 0")
    }

    static func trailingText(_ field: MetadataField, source: String, read: Int, ignored: String) -> Self {
        Self(
            severity: .warning, code: .trailingText, field: field,
            message: "\(q(source)) is read as \(read); forScore ignores \(q(ignored))")
    }

    static func extraColon(_ field: MetadataField, source: String, valueText: String) -> Self {
        Self(
            severity: .warning, code: .extraColon, field: field,
            message: "\(q(source)) has more than one ':'; forScore reads only \(q(valueText))")
    }

    static func duplicate(_ field: MetadataField, earlier: String, later: String) -> Self {
        Self(
            severity: .warning, code: .duplicateKeyword, field: field,
            message: "\(q(earlier)) is overridden by the later \(q(later)); forScore keeps the last one")
    }

    static func legacyRead(_ field: MetadataField, source: String, modern: String) -> Self {
        Self(
            severity: .info, code: .legacyKeyword, field: field,
            message: "\(q(source)) is a retired keyword, read as \(field.rawValue); write \(q(modern)) instead")
    }

    static func legacyIgnored(_ field: MetadataField, source: String, modern: String) -> Self {
        Self(
            severity: .warning, code: .legacyKeyword, field: field,
            message: "\(q(source)) is a retired keyword, ignored because \(q(modern)) is present")
    }

    /// - Parameter written: The keysf as `source` writes it (a keyword piece, a cell, a value).
    static func keysfWithoutKeymi(_ written: String, in source: KeyPairSource) -> Self {
        Self(
            severity: .warning, code: .keysfWithoutKeymi, field: .keysf,
            message: "\(source.quoted(.keysf, written)) has no keymi; forScore cannot name the key (\(source.howToAdd(.keymi)))")
    }

    /// - Parameter written: The keymi as `source` writes it (a keyword piece, a cell, a value).
    static func keymiWithoutKeysf(_ written: String, in source: KeyPairSource) -> Self {
        Self(
            severity: .warning, code: .keymiWithoutKeysf, field: .keymi,
            message: "\(source.quoted(.keymi, written)) has no keysf; forScore cannot name the key (\(source.howToAdd(.keysf)))")
    }

    static func semicolon(_ field: MetadataField, value: String) -> Self {
        Self(
            severity: .warning, code: .semicolonSeparated, field: field,
            message: "\(q(value)) contains ';'; forScore reads it as one value (separate values with ',')")
    }

    static func emptyPiece(_ field: MetadataField, source: String) -> Self {
        Self(
            severity: .info, code: .emptyPiece, field: field,
            message: "\(q(source)) has an empty value between commas; forScore drops it")
    }

    static func emptyValue(_ field: MetadataField, value: String) -> Self {
        Self(
            severity: .info, code: .emptyPiece, field: field,
            message: "empty value \(q(value)) is dropped; forScore cannot store it")
    }

    static func commaInValue(_ field: MetadataField, value: String, pieces: [String]) -> Self {
        let shown = pieces.map(q).joined(separator: ", ")
        let count = pieces.count == 1 ? "1 value" : "\(pieces.count) values"
        return Self(
            severity: .warning, code: .commaInValue, field: field,
            message: "\(q(value)) contains ','; forScore reads \(count): \(shown)")
    }

    static func tagLooksLikeKeyword(_ tag: String, field: MetadataField) -> Self {
        Self(
            severity: .warning, code: .tagLooksLikeKeyword, field: .tags,
            message: "tag \(q(tag)) would be read as \(field.rawValue); removed (set \(field.rawValue) instead)")
    }

    static func newlineInTitle(_ title: String) -> Self {
        Self(
            severity: .warning, code: .newlineInTitle, field: .title,
            message: "\(q(title)) contains a line break; forScore keeps it in a one-line title")
    }

    static func wrongType(_ field: MetadataField, expected: String) -> Self {
        Self(
            severity: .error, code: .wrongType, field: field,
            message: "annotation '\(field.rawValue)' is not \(expected); forScore cannot use it")
    }
}
