import Foundation
import MetadataModel
import Testing
@testable import PDFInfo

/// The first pages of the sample library (../shared/samples: engraved with LilyPond, fonts made
/// by Ghostscript) read as a title rule needs them (issue 27): the title the source's \header
/// states is the largest line at the top, the composer a line right of the centre below it.
/// The headers of the LilyPond sources beside the PDFs are the oracle.
struct PageTextSampleTests {
    static let samples = Tools.shared.appendingPathComponent("samples")

    /// Each readable sample and the source it was engraved from.
    static let sources: [(pdf: String, source: String)] = [
        ("Bach - Minuet in G major BWV Anh 114.pdf", "minuet.ly"),
        ("Beethoven_Ode_to_Joy_D.pdf", "joy.ly"),
        ("Chopin Nocturne Op.9 No.2 Es-Dur.pdf", "nocturne.ly"),
        ("Greensleeves (Traditional) - E minor.pdf", "greensleeves.ly"),
        ("IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major.pdf", "prelude.ly"),
        ("Mozart - Twinkle Variations K265 (encrypted).pdf", "joy.ly"),
        ("Satie - Gymnopédie No. 1 in D major.pdf", "gymno.ly"),
    ]

    /// The `field = "value"` entries of a LilyPond \header.
    static func header(of source: String) throws -> [String: String] {
        let text = try String(contentsOf: samples.appendingPathComponent("lilypond").appendingPathComponent(source), encoding: .utf8)
        var fields: [String: String] = [:]
        for match in text.matches(of: /(\w+)\s*=\s*"([^"]*)"/) { fields[String(match.1)] = String(match.2) }
        return fields
    }

    @Test(arguments: sources.map(\.pdf))
    func titleAndComposerAreWhereARuleLooks(pdf: String) throws {
        let source = try #require(Self.sources.first { $0.pdf == pdf }?.source)
        let header = try Self.header(of: source)
        let document = try PDFDocument.open(path: Self.samples.appendingPathComponent("library").appendingPathComponent(pdf).path)
        let text = try document.pageText()
        let top = text.lines.filter { $0.y < text.height / 4 && $0.text.contains(where: \.isLetter) }
        let title = try #require(top.max { $0.size < $1.size }, "\(pdf): no line at the top")
        #expect(title.text == header["title"], "\(pdf): \(text.lines)")
        #expect(abs(title.x + title.x - text.width) < text.width / 2, "\(pdf): the title is centred")
        for field in ["subtitle", "opus"] {
            guard let expected = header[field] else { continue }
            #expect(top.contains { $0.text == expected && $0.y > title.y }, "\(pdf): \(field) \(expected)")
        }
        if let composer = header["composer"] {
            let line = try #require(top.first { $0.text == composer }, "\(pdf): composer \(composer) not in \(top)")
            #expect(line.y > title.y && line.x > text.width / 2 && line.size < title.size)
        }
        #expect(text.notes.allSatisfy { if case .glyphsWithoutText = $0 { true } else { false } }, "\(pdf): \(text.notes)")
    }

    /// Agreement with poppler on every readable sample, and over them all.
    @Test func samplesAgreeWithPoppler() throws {
        var common = 0, longer = 0
        for (pdf, _) in Self.sources {
            let path = Self.samples.appendingPathComponent("library").appendingPathComponent(pdf).path
            let comparison = try #require(try TextAgreement.compare(path))
            #expect(comparison.agreement >= 0.98, "\(pdf): \(comparison.agreement) \(comparison.differences)")
            common += comparison.common
            longer += comparison.longer
        }
        #expect(Double(common) / Double(longer) >= 0.98)
    }

    /// A truncated download is read through the repaired cross-reference data (poppler refuses
    /// it); a file that is not a PDF is refused.
    @Test func damagedSamples() throws {
        let library = Self.samples.appendingPathComponent("library")
        let truncated = try PDFDocument.open(path: library.appendingPathComponent("Truncated download - Handel Sarabande.pdf").path)
        #expect(truncated.wasRepaired)
        #expect(try truncated.pageText().lines.first?.text == "Minuet in G")
        #expect(throws: PDFError.self) { _ = try PDFDocument.open(path: library.appendingPathComponent("notes.pdf").path).pageText() }
    }
}
