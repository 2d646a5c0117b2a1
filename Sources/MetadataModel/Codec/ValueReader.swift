/// Reads comma-separated lists and numbers the way forScore's sample code does, collecting
/// diagnostics as it goes. Shared by the Info decoder and the Open In annotation decoder,
/// which use the same two rules (pdf-metadata.txt and open-in.txt, "Processing …").
struct ValueReader {
    /// What was lossy or surprising so far, in input order.
    var diagnostics: [Diagnostic] = []

    /// Splits `text` on `,`, trims whitespace and newlines from each piece and drops empty
    /// pieces. Reports empty pieces between commas (`empty-piece`) — a blank text on its own
    /// is simply no value.
    mutating func pieces(of text: String?, field: MetadataField) -> [String] {
        guard let text else { return [] }
        let (pieces, rawCount) = ForScoreText.listPieces(text)
        if rawCount > 1, pieces.count < rawCount {
            diagnostics.append(.emptyPiece(field, source: text))
        }
        return pieces
    }

    /// Reports a piece that holds `;` (`semicolon-separated`): forScore splits only on `,`.
    mutating func checkSemicolon(_ piece: String, field: MetadataField) {
        if ForScoreText.contains(";", in: piece) {
            diagnostics.append(.semicolon(field, value: piece))
        }
    }

    /// Reads `valueText` with `integerValue` semantics and clamps it into `field`'s range.
    ///
    /// - Parameters:
    ///   - valueText: The text after the last `:` (or an annotation string).
    ///   - field: A number field.
    ///   - source: The whole text quoted in diagnostics, e.g. `rating:9`.
    /// - Returns: The value forScore shows.
    mutating func number(_ valueText: String, field: MetadataField, source: String) -> Int {
        let scanned = IntegerValue(parsing: valueText)
        if !scanned.hasDigits {
            diagnostics.append(.nonNumeric(field, source: source))
        } else if !scanned.ignoredText.isEmpty {
            diagnostics.append(
                .trailingText(field, source: source, read: scanned.value, ignored: scanned.ignoredText))
        }
        return clamp(scanned.value, field: field, source: source)
    }

    /// Clamps `value` into `field`'s range as forScore does (`if (rating < 0) rating = 0; …`),
    /// reporting `clamped` when it moves.
    mutating func clamp(_ value: Int, field: MetadataField, source: String?) -> Int {
        guard let range = field.validRange else { return value }
        let shown = min(max(value, range.lowerBound), range.upperBound)
        if shown != value {
            diagnostics.append(.clamped(field, source: source, read: value, shown: shown))
        }
        return shown
    }

    /// Reports half a key (`keysf-without-keymi`, `keymi-without-keysf`).
    ///
    /// - Parameters:
    ///   - keysf: The keysf as written in `source`, if present.
    ///   - keymi: The keymi as written in `source`, if present.
    ///   - source: Where they were read, which the message quotes them as.
    mutating func checkKeyPair(keysf: String?, keymi: String?, in source: KeyPairSource) {
        switch (keysf, keymi) {
        case (let keysf?, nil): diagnostics.append(.keysfWithoutKeymi(keysf, in: source))
        case (nil, let keymi?): diagnostics.append(.keymiWithoutKeysf(keymi, in: source))
        default: break
        }
    }
}
