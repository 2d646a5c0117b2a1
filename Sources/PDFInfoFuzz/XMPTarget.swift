import PDFInfo

/// The XMP target: the packet parser (XMP Part 1 §7) on its own, then the same packet as the
/// /Metadata stream of a small, valid PDF, so that preparing an update runs the XMP updater
/// (which is internal to PDFInfo and reachable only through the writer).
enum XMPTarget {
    static func run(_ packet: [UInt8]) {
        if let xmp = try? XMPMetadata.parse(packet) {
            readDates(of: xmp)
        }
        PDFReaderTarget.run(wrapping(packet))
    }

    /// The XMP dates parsed as the CLI compares them.
    static func readDates(of xmp: XMPMetadata) {
        for date in [xmp.createDate, xmp.modifyDate, xmp.metadataDate] {
            _ = date.flatMap(PDFDate.init(xmpString:))
        }
    }

    /// A one-revision PDF with a classic xref table whose catalog's /Metadata is `packet`,
    /// stored unfiltered with its exact /Length (ISO 32000-1 §7.5, §14.3.2).
    static func wrapping(_ packet: [UInt8]) -> [UInt8] {
        var file = Array("%PDF-1.7\n".utf8)
        var offsets: [Int] = []
        func object(_ body: [UInt8]) {
            offsets.append(file.count)
            file += Array("\(offsets.count) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        object(Array("<< /Type /Catalog /Pages 2 0 R /Metadata 3 0 R >>".utf8))
        object(Array("<< /Type /Pages /Kids [] /Count 0 >>".utf8))
        object(Array("<< /Type /Metadata /Subtype /XML /Length \(packet.count) >>\nstream\n".utf8) + packet + Array("\nendstream".utf8))
        object(Array("<< /Title (Old title) /Subject (Old subject) >>".utf8))
        let xref = file.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f\r\n"
        for offset in offsets {
            let digits = String(offset)
            table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n\r\n"
        }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R /Info 4 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return file + Array(table.utf8)
    }
}
