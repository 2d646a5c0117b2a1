import Foundation

/// poppler's `pdfinfo`, a reader independent of tagrules, to check the files on disk.
enum PDFInfoOracle {
    /// The `Key: value` lines of `pdfinfo -enc UTF-8 FILE` (Title, Author, Subject, Keywords,
    /// Pages, …); nil when pdfinfo fails on the file.
    static func fields(of file: URL) throws -> [String: String]? {
        guard let pdfinfo = CLI.which("pdfinfo") else { throw OracleMissing(name: "pdfinfo") }
        let result = try CLI.execute(pdfinfo, ["-enc", "UTF-8", file.path])
        guard result.status == 0 else { return nil }
        var fields: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon])
            let value = line[line.index(after: colon)...].drop(while: { $0 == " " })
            fields[key] = String(value)
        }
        return fields
    }

    /// An oracle program is not installed (scripts/setup.sh installs it).
    struct OracleMissing: Error, CustomStringConvertible {
        var name: String
        var description: String { "\(name) is not installed; run scripts/setup.sh" }
    }
}
