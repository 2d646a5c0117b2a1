import Foundation
import Testing

/// Issue 30's newcomer: a library of scans whose PDFs carry the scanner's or the office
/// program's Author and Title, named "Composer - Title.pdf". After `tagrules apply` with the
/// shipped rules, pdfinfo (an independent reader) finds the real composers, their eras as
/// genres (Subject), the titles from the filenames and the keys they name.
struct NewcomerLibraryTests {
    /// File name, the junk Info the scanner wrote, and what pdfinfo must read after apply.
    static let library: [(name: String, info: [String: String], author: String, subject: String, title: String)] = [
        ("Chopin - Ballade No. 1 in G minor, Op. 23.pdf", ["Author": "HP Scan", "Title": "HP Scan"],
         "Frédéric Chopin", "Romantic", "Ballade No. 1 in G minor, Op. 23"),
        ("Bach - Minuet in G major BWV Anh 114.pdf", ["Author": "Administrator", "Title": "Microsoft Word - minuet.docx"],
         "Johann Sebastian Bach", "Baroque", "Minuet in G major BWV Anh 114"),
        ("Tallis - If ye love me.pdf", ["Author": "CamScanner", "Title": "CamScanner 03-04-2021 10.22"],
         "Thomas Tallis", "Renaissance", "If ye love me"),
        ("Gymnopedie 1 - Satie.pdf", ["Author": "Administrator", "Title": "untitled"],
         "Erik Satie", "Modern", "Gymnopedie 1"),
        ("Rheinberger - Abendlied Op. 69 No. 3.pdf", ["Author": "HP Scan"],
         "Josef Rheinberger", "Romantic", "Abendlied Op. 69 No. 3"),
    ]

    @Test func applyGivesTheRealComposersAndEras() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let folder = scratch.url.appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for score in Self.library {
            try TinyPDF.make(info: score.info).write(to: folder.appendingPathComponent(score.name))
            let before = try #require(try PDFInfoOracle.fields(of: folder.appendingPathComponent(score.name)))
            #expect(before["Author"] == score.info["Author"], "the scanner's Author is there to begin with")
        }
        let result = try CLI.run(["apply", "scans", "--rules", Fixtures.rules.path], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        for score in Self.library {
            let fields = try #require(try PDFInfoOracle.fields(of: folder.appendingPathComponent(score.name)))
            #expect(fields["Author"] == score.author, "\(score.name)")
            #expect(fields["Subject"] == score.subject, "\(score.name)")
            #expect(fields["Title"] == score.title, "\(score.name)")
        }
        let chopin = try #require(try PDFInfoOracle.fields(of: folder.appendingPathComponent(Self.library[0].name)))
        #expect(chopin["Keywords"] == "keysf:-2, keymi:1", "G minor")
    }
}
