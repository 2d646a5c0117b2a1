import Foundation
import MetadataModel

/// Loads the data files that live beside the rules (`tagrules.data(name)`) into ``DataTable``s.
///
/// Formats, chosen by the file extension (case-insensitive):
/// - `.csv` — RFC 4180; `.tsv` — IANA text/tab-separated-values. The first record names the
///   columns (non-empty, unique); the first column is the key; every later record must have
///   exactly as many fields as the header. Read by MetadataModel's `DelimitedTextReader` with
///   its data-file syntax: `#` comment lines, blank lines skipped, fields trimmed; TSV fields
///   are never quoted.
/// - `.json` — RFC 8259, either
///   - an object of rows: `{"Chopin": {"era": "Romantic"}}`; the member name is the key and is
///     also stored in the row under `key` (unless the row has its own `key`); a member whose
///     value is not an object becomes the row `{key, value}`;
///   - or an array of objects: `[{"name": "Chopin", "era": "Romantic"}]`; the key is the
///     member `key` if present, else the first member.
///
///   Row values must be strings, numbers, booleans or arrays of those: numbers keep their
///   written text, booleans become `true`/`false`, arrays are joined with `", "` (forScore's
///   list form, undone by `tagrules.split`), `null` leaves the cell out; nested objects are an
///   error.
///
/// In every format keys are compared after ``TextNormalizer/normalize(_:)``; two rows with the
/// same normalized key are an error, as is an empty key.
public enum DataFileLoader {
    /// The largest data file that is read (16 MiB).
    public static let maximumFileSize = 16 << 20

    /// A data file format.
    public enum Format: String, Sendable, CaseIterable {
        case csv, tsv, json

        /// The format for a file name by its extension, or `nil` when it has none of them.
        public init?(fileName: String) {
            guard let dot = fileName.lastIndex(of: ".") else { return nil }
            self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
        }
    }

    /// Reads and parses the data file at `url`.
    ///
    /// - Parameter url: A file URL; its extension selects the format.
    /// - Returns: The table.
    /// - Throws: `RuleError` `.io` when the file cannot be read, is too large or is not UTF-8;
    ///   `.invalidRule` for an unknown extension or malformed content, with file and line.
    public static func load(contentsOf url: URL) throws(RuleError) -> DataTable {
        let path = url.path
        guard let format = Format(fileName: url.lastPathComponent) else {
            throw RuleError(.invalidRule, "unsupported data file type; use .csv, .tsv or .json", file: path)
        }
        let data: Data
        do {
            if let size = try fileSize(atPath: path), size > maximumFileSize {
                throw RuleError(.io, "data file is larger than \(maximumFileSize >> 20) MiB", file: path)
            }
            data = try Data(contentsOf: url)
        } catch let error as RuleError {
            throw error
        } catch {
            throw RuleError(.io, "cannot read data file (\(error.localizedDescription))", file: path)
        }
        guard data.count <= maximumFileSize else {
            throw RuleError(.io, "data file is larger than \(maximumFileSize >> 20) MiB", file: path)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw RuleError(.io, "data file is not valid UTF-8; save it as UTF-8", file: path)
        }
        return try parse(text, format: format, file: path)
    }

    /// The size of the file at `path` as `lstat` gives it, as FileManager's attributes give it
    /// (which cost a dictionary of every attribute, owner names included); when `lstat` fails,
    /// FileManager's, whose error says why.
    private static func fileSize(atPath path: String) throws -> Int? {
        var status = stat()
        if lstat(path, &status) == 0 { return Int(status.st_size) }
        return (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }

    /// Parses data file text.
    ///
    /// - Parameters:
    ///   - text: The file's text; a leading byte order mark is ignored.
    ///   - format: How to read it.
    ///   - file: The name used in error messages.
    /// - Returns: The table.
    /// - Throws: `RuleError` `.invalidRule` with file and line for malformed content.
    public static func parse(_ text: String, format: Format, file: String) throws(RuleError) -> DataTable {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        switch format {
        case .csv:
            return try delimited(body, separator: ",", quoting: true, file: file)
        case .tsv:
            return try delimited(body, separator: "\t", quoting: false, file: file)
        case .json:
            var reader = JSONReader(body, file: file)
            return try JSONTableBuilder(file: file).table(from: try reader.parse())
        }
    }

    /// Builds the table of CSV or TSV text row by row, as the reader finds the records (no
    /// array of them to make and free). The first error of the header or a row is thrown once
    /// the whole text is read, so that a malformed text (a quote never closed further down) is
    /// reported first, as when every record was read before any row was looked at.
    private static func delimited(
        _ text: String, separator: Unicode.Scalar, quoting: Bool, file: String
    ) throws(RuleError) -> DataTable {
        let reader = DelimitedTextReader(separator: separator, quoting: quoting, dataFileSyntax: true)
        // Room for a row per 24 bytes, which the shipped tables' rows (30 to 45 bytes) stay
        // within: the key dictionary is then made once, not grown row by row.
        let expectedRows = text.utf8.count / 24
        var header: DelimitedTextReader.Record?
        var builder = DataTableBuilder(file: file)
        var rowError: RuleError?
        do throws(InterchangeError) {
            try reader.forEachRecord(in: text) { record in
                guard rowError == nil else { return }
                do throws(RuleError) {
                    guard let header else {
                        try checkHeader(record, file: file)
                        header = record
                        builder = DataTableBuilder(file: file, columns: record.fields, expectedRows: expectedRows)
                        return
                    }
                    guard record.fields.count == header.fields.count else {
                        throw RuleError(
                            .invalidRule,
                            "row has \(record.fields.count) fields but the header has \(header.fields.count); quote values that contain '\(separator == "\t" ? "\\t" : String(separator))'",
                            file: file, line: record.line)
                    }
                    for (column, value) in record.fields.enumerated() where !value.isEmpty {
                        builder.addCell(column: column, value: value)
                    }
                    try builder.endRow(key: record.fields[0], line: record.line)
                } catch {
                    rowError = error
                }
            }
        } catch {
            throw RuleError(.invalidRule, error.message, file: file, line: error.line)
        }
        if let rowError { throw rowError }
        guard header != nil else {
            throw RuleError(.invalidRule, "data file is empty; the first line must name the columns", file: file)
        }
        return builder.build()
    }

    /// Checks that the header names every column, each once.
    /// - Throws: `RuleError` `.invalidRule` for an empty or repeated name, with the line.
    private static func checkHeader(_ header: DelimitedTextReader.Record, file: String) throws(RuleError) {
        var seen: Set<String> = []
        for name in header.fields {
            guard !name.isEmpty else {
                throw RuleError(.invalidRule, "a column has no name in the header", file: file, line: header.line)
            }
            guard seen.insert(name).inserted else {
                throw RuleError(.invalidRule, "column '\(name)' is named twice in the header", file: file, line: header.line)
            }
        }
    }
}
