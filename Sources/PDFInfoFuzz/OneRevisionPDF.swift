/// A PDF of one revision for the fuzz targets that wrap their input in one: the objects given,
/// numbered from 1, with a classic cross-reference table and `trailer` (ISO 32000-1 §7.5).
enum OneRevisionPDF {
    /// The file holding `objects` (each an object's body, `N 0 obj` and `endobj` added) and the
    /// trailer dictionary `trailer`, its /Size left to this function.
    static func file(_ objects: [[UInt8]], trailer: String) -> [UInt8] {
        var file = Array("%PDF-1.7\n".utf8)
        var offsets: [Int] = []
        for body in objects {
            offsets.append(file.count)
            file += Array("\(offsets.count) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let xref = file.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f\r\n"
        for offset in offsets {
            let digits = String(offset)
            table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n\r\n"
        }
        table += "trailer\n<< /Size \(offsets.count + 1) \(trailer) >>\nstartxref\n\(xref)\n%%EOF\n"
        return file + Array(table.utf8)
    }

    /// A stream object's body: `dictionary`'s entries, the exact /Length, and `data` unfiltered.
    static func stream(_ dictionary: String, _ data: [UInt8]) -> [UInt8] {
        Array("<< \(dictionary) /Length \(data.count) >>\nstream\n".utf8) + data + Array("\nendstream".utf8)
    }
}
