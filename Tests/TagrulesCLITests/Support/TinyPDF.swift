import Foundation

/// Small valid PDFs made on the spot (a page, an Info title, a classic cross-reference table
/// with exact offsets): about 600 bytes each, so that bursts of thousands stay cheap.
enum TinyPDF {
    /// A one-page PDF titled `title`.
    static func make(title: String) -> Data {
        make(info: ["Title": title])
    }

    /// A one-page PDF whose Info dictionary holds `info` (ASCII values without parentheses or
    /// backslashes) and a Producer.
    static func make(info: [String: String]) -> Data {
        let entries = info.sorted { $0.key < $1.key }.map { "/\($0.key) (\($0.value))" }.joined(separator: " ")
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
            "<< \(entries) /Producer (tagrules tests) >>",
        ]
        var text = "%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n"
        var bytes = Array(text.utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(bytes.count)
            bytes += Array("\(index + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = bytes.count
        text = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info 4 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        bytes += Array(text.utf8)
        return Data(bytes)
    }

    /// The number of revisions: `startxref` keywords (one per cross-reference section; each
    /// incremental update adds one).
    static func revisions(_ data: Data) -> Int {
        let keyword = Data("startxref".utf8)
        var count = 0
        var start = data.startIndex
        while let range = data.range(of: keyword, in: start..<data.endIndex) {
            count += 1
            start = range.upperBound
        }
        return count
    }

    /// The revisions of the file at `url`; 0 when it cannot be read.
    static func revisions(at url: URL) -> Int {
        (try? Data(contentsOf: url)).map(revisions) ?? 0
    }
}
