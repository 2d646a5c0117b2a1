/// Where the two halves of a key (keysf, keymi) were read: a half-key diagnostic quotes the
/// half present as that source writes it and says how to add the other there.
enum KeyPairSource: Sendable {
    /// Keywords pieces, as a PDF holds them or as tagrules writes them: `'keysf:7'`.
    case keywords
    /// Cells of forScore's library CSV (its keysf and keymi columns): `keysf cell '7'`.
    case csvCells
    /// Values of an Open In annotation (its `keysf` and `keymi` keys): `annotation keysf '7'`.
    case annotation

    /// The half present, quoted as this source writes it.
    ///
    /// - Parameters:
    ///   - field: `keysf` or `keymi`.
    ///   - written: The text as written: the whole keyword piece, or the cell or value alone.
    func quoted(_ field: MetadataField, _ written: String) -> String {
        switch self {
        case .keywords: ForScoreText.quoted(written)
        case .csvCells: "\(field.rawValue) cell \(ForScoreText.quoted(written))"
        case .annotation: "annotation \(field.rawValue) \(ForScoreText.quoted(written))"
        }
    }

    /// How to add the missing half `field` in this source, e.g. `add 'keymi:0' major or
    /// 'keymi:1' minor`.
    func howToAdd(_ field: MetadataField) -> String {
        let values = field == .keymi ? "0 major, 1 minor" : "-7…7"
        switch self {
        case .keywords: return field == .keymi ? "add 'keymi:0' major or 'keymi:1' minor" : "add 'keysf:N', -7…7"
        case .csvCells: return "fill in the \(field.rawValue) cell: \(values)"
        case .annotation: return "add \(field.rawValue): \(values)"
        }
    }
}
