extension LibraryCSV {
    /// Writes rows as CSV or TSV text (RFC 4180, with the separator chosen).
    ///
    /// - A cell is quoted when it contains the separator, `"`, CR or LF, or starts with a
    ///   byte order mark (which a reader would otherwise strip); inside quotes `"` is doubled.
    ///   Other cells are written bare, so multiple values look like forScore's
    ///   `"Proofing, TAB"`.
    /// - Every record, the last included, ends with CRLF. forScore's own line ending is not
    ///   documented; RFC 4180 §2 prescribes CRLF, and every CSV reader (forScore's
    ///   included, which reads files from Excel and Numbers) accepts it. ``decode(_:separator:)``
    ///   accepts CRLF, LF and CR.
    /// - No byte order mark: the text is meant to be saved as UTF-8.
    ///
    /// - Parameters:
    ///   - rows: The records, e.g. from ``rows(filename:metadata:bookmarks:reference:)``.
    ///   - header: The first record, `nil` for none; ``englishHeader`` by default.
    ///   - separator: `.comma` for CSV, `.tab` for TSV.
    /// - Returns: The file's text.
    public static func encode(
        rows: [LibraryCSVRow], header: [String]? = englishHeader, separator: Separator = .comma
    ) -> String {
        var text = ""
        func write(_ cells: [String]) {
            for (index, cell) in cells.enumerated() {
                if index > 0 { text.unicodeScalars.append(separator.scalar) }
                text += quotedIfNeeded(cell, separator: separator)
            }
            text += "\r\n"
        }
        if let header { write(header) }
        for row in rows { write(row.cells) }
        return text
    }

    /// `cell`, quoted and with doubled quotes when RFC 4180 requires it.
    static func quotedIfNeeded(_ cell: String, separator: Separator) -> String {
        let needsQuotes =
            cell.unicodeScalars.first == "\u{FEFF}"
            || cell.unicodeScalars.contains { $0 == separator.scalar || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard needsQuotes else { return cell }
        var quoted = "\""
        for scalar in cell.unicodeScalars {
            if scalar == "\"" { quoted += "\"" }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }
}
