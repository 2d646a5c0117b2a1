import MetadataModel
import PDFInfo

/// The page-text target: the input is a page's content stream in a small, valid PDF, and it is
/// also every other stream the page's text reading parses (ISO 32000-1 §7.8, §9): a /ToUnicode
/// CMap, a Type 0 font's encoding CMap, a Type 1 program's clear text, a CFF program, and a
/// form XObject's content (a form that draws itself, and an annotation's appearance).
///
/// The wrapper is valid, so `pageText` must not throw; beyond "no trap, no hang", the lines it
/// gives must be usable: non-empty text, finite positions and sizes, and an empty page must
/// say why.
enum PageTextTarget {
    static func run(_ bytes: [UInt8]) {
        let document: PDFDocument
        let text: PageText
        do {
            document = try PDFDocument(source: MemoryByteSource(wrapping(bytes)))
            text = try document.pageText()
        } catch {
            violated("the wrapping PDF does not read: \(error)")
        }
        for line in text.lines {
            guard !line.text.isEmpty, line.text.first != " ", line.text.last != " " else { violated("line text \(line.text.debugDescription)") }
            guard line.size.isFinite, line.x.isFinite, line.y.isFinite else { violated("line \(line)") }
        }
        if text.lines.isEmpty {
            let explained = text.notes.contains { note in
                switch note {
                case .noText, .budgetExhausted: true
                default: false
                }
            }
            guard explained else { violated("no lines and no note saying why: \(text.notes)") }
        }
    }

    /// The fonts the content can select: Helvetica (/F1); a Type 1 font with the input as its
    /// /ToUnicode and program (/F2); a Type 0 font with the input as its encoding CMap and
    /// /ToUnicode (/F3); a symbolic CFF font whose program is the input (/F4); a Type 3 font (/F5).
    static let fonts = """
        /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> \
        /F2 << /Type /Font /Subtype /Type1 /BaseFont /Custom /ToUnicode 6 0 R /FontDescriptor << /Flags 4 /FontFile 7 0 R >> >> \
        /F3 << /Type /Font /Subtype /Type0 /BaseFont /CID /Encoding 6 0 R /ToUnicode 6 0 R /DescendantFonts [<< /Subtype /CIDFontType0 /W [1 [500 600] 3 9 700] >>] >> \
        /F4 << /Type /Font /Subtype /Type1 /BaseFont /Symbolic /FontDescriptor << /Flags 4 /FontFile3 7 0 R >> >> \
        /F5 << /Type /Font /Subtype /Type3 /FontMatrix [0.01 0 0 0.01 0 0] /FirstChar 65 /LastChar 66 /Widths [60 55] /Encoding << /Differences [65 /m /uni00E9] >> >>
        """

    /// A one-page PDF whose content, CMap, font program and form content are all `input`.
    static func wrapping(_ input: [UInt8]) -> [UInt8] {
        let resources = "<< /Font << \(fonts) >> /XObject << /X1 8 0 R >> >>"
        return OneRevisionPDF.file([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources \(resources) /Contents 4 0 R /Annots [5 0 R] >>".utf8),
            OneRevisionPDF.stream("", input),
            Array("<< /Type /Annot /Subtype /FreeText /Rect [100 100 300 200] /AP << /N 8 0 R >> >>".utf8),
            OneRevisionPDF.stream("", input),
            OneRevisionPDF.stream("/Length1 \(input.count) /Subtype /Type1C", input),
            OneRevisionPDF.stream("/Type /XObject /Subtype /Form /BBox [0 0 200 100] /Matrix [1 0 0 1 10 10] /Resources \(resources)", input),
        ], trailer: "/Root 1 0 R")
    }

    /// Stops the run: libFuzzer records the input as a crash, the message says which property failed.
    static func violated(_ message: String) -> Never {
        fatalError("page text: \(message)")
    }
}
