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
        OneRevisionPDF.file([
            Array("<< /Type /Catalog /Pages 2 0 R /Metadata 3 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [] /Count 0 >>".utf8),
            OneRevisionPDF.stream("/Type /Metadata /Subtype /XML", packet),
            Array("<< /Title (Old title) /Subject (Old subject) >>".utf8),
        ], trailer: "/Root 1 0 R /Info 4 0 R")
    }
}
