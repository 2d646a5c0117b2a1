import MetadataModel

/// The MetadataModel readers of user-supplied files and strings: forScore's library CSV,
/// Open Setlist (.4ss) XML and the Info-string codec (forscore-notes.md).
///
/// Every input is decoded as UTF-8 with replacement characters, as the CLI reads files.
enum InterchangeTargets {
    /// `LibraryCSV.decode` as CSV and as TSV, and every record's reading as metadata.
    static func csv(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for separator in LibraryCSV.Separator.allCases {
            guard let table = try? LibraryCSV.decode(text, separator: separator) else { continue }
            for record in table.records {
                _ = record.row.metadata(replacing: ScoreMetadata())
            }
        }
    }

    /// `Setlist.parse(xml:)`.
    static func setlist(_ bytes: [UInt8]) {
        _ = try? Setlist.parse(xml: String(decoding: bytes, as: UTF8.self))
    }

    /// `ForScoreCodec.decode` of Title, Author, Subject and Keywords taken from the input split
    /// at NUL bytes (missing pieces are absent entries). Checks the codec's documented laws:
    /// validation is idempotent, and decoding what `encode` wrote gives the validated metadata.
    static func keywords(_ bytes: [UInt8]) {
        let pieces = bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        func piece(_ index: Int) -> String? { index < pieces.count ? pieces[index] : nil }
        let info = InfoStrings(title: piece(0), author: piece(1), subject: piece(2), keywords: piece(3))
        let decoded = ForScoreCodec.decode(info).metadata
        let valid = ForScoreCodec.validate(decoded).metadata
        guard ForScoreCodec.validate(valid).metadata == valid else {
            fatalError("codec law: validate is not idempotent for \(info)")
        }
        let reread = ForScoreCodec.decode(ForScoreCodec.encode(decoded).info).metadata
        guard reread == valid else {
            fatalError("codec law: decode(encode(x)) = \(reread), validate(x) = \(valid) for \(info)")
        }
    }
}
