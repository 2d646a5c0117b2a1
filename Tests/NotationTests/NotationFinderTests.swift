import Foundation
import Notation
import Testing

/// Finding the notation file beside a PDF.
struct NotationFinderTests {
    private func folder(with names: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("finder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, contents) in names {
            try Data(contents.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test func prefersTheEngraversFormatWithTheSameStem() throws {
        let folder = try folder(with: [
            "Nocturne.pdf": "", "Nocturne.musicxml": "", "Nocturne.MSCZ": "", "Nocturne.ly": "",
            "Nocturne in E.mscz": "", "nocturne.mscx": "",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let found = NotationFinder().find(besidePDF: folder.appendingPathComponent("Nocturne.pdf").path)
        #expect(found == folder.appendingPathComponent("Nocturne.MSCZ").path)
    }

    /// An extension in any case counts (a case-insensitive disk finds it so too); of one
    /// format, the lower-case spelling wins, then the upper-case one.
    @Test func readsExtensionsInAnyCase() throws {
        let folder = try folder(with: ["Waltz.pdf": "", "Waltz.Mscz": "", "Prelude.pdf": "", "Prelude.Ly": "", "Prelude.ly": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(NotationFinder().find(besidePDF: folder.appendingPathComponent("Waltz.pdf").path) == folder.appendingPathComponent("Waltz.Mscz").path)
        #expect(NotationFinder().find(besidePDF: folder.appendingPathComponent("Prelude.pdf").path) == folder.appendingPathComponent("Prelude.ly").path)
    }

    @Test func takesXMLOnlyWhenItIsMusicXML() throws {
        let folder = try folder(with: [
            "A.pdf": "", "A.xml": "<?xml version=\"1.0\"?><catalog/>",
            "B.pdf": "", "B.xml": "<?xml version=\"1.0\"?>\n<!DOCTYPE score-partwise>\n<score-partwise version=\"3.1\"/>",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(NotationFinder().find(besidePDF: folder.appendingPathComponent("A.pdf").path) == nil)
        #expect(NotationFinder().find(besidePDF: folder.appendingPathComponent("B.pdf").path) == folder.appendingPathComponent("B.xml").path)
        let error = #expect(throws: NotationError.self) {
            try NotationReader.read(path: folder.appendingPathComponent("A.xml").path)
        }
        #expect(error?.code == .notNotation)
    }

    @Test func findsNothingWithoutASibling() throws {
        let folder = try folder(with: ["Solo.pdf": "", "Other.mscz": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(NotationFinder().find(besidePDF: folder.appendingPathComponent("Solo.pdf").path) == nil)
        #expect(NotationFinder().find(besidePDF: "/nonexistent/folder/x.pdf") == nil)
    }

    @Test func passesOverAFolderNamedLikeASource() throws {
        let folder = try folder(with: ["Etude.pdf": "", "Etude.ly": "\\header { title = \"Etude\" }"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Etude.mscz"), withIntermediateDirectories: false)
        #expect(NotationFinder().find(besidePDF: folder.appendingPathComponent("Etude.pdf").path) == folder.appendingPathComponent("Etude.ly").path)
    }

    /// A finder keeps the listing it made; the next run's finder sees a file added since.
    @Test func aNewFinderSeesFilesAddedSinceTheLastListing() throws {
        let folder = try folder(with: ["Waltz.pdf": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("Waltz.pdf").path
        let run = NotationFinder()
        #expect(run.find(besidePDF: pdf) == nil)
        try Data("\\version \"2.24.0\"".utf8).write(to: folder.appendingPathComponent("Waltz.ly"))
        #expect(run.find(besidePDF: pdf) == nil)
        #expect(NotationFinder().find(besidePDF: pdf) == folder.appendingPathComponent("Waltz.ly").path)
    }

    /// The source is named as the PDF is (its folder spelled the same way); stems compare
    /// byte for byte (a decomposed "é" is another name than a precomposed one).
    @Test func namesTheSourceAsThePDFIsNamed() throws {
        let decomposed = "Re\u{301}verie"
        let folder = try folder(with: ["Réverie.pdf": "", "\(decomposed).mscx": "", "Réverie.mxl": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        let spelled = folder.path + "/./"
        #expect(NotationFinder().find(besidePDF: spelled + "Réverie.pdf") == spelled + "Réverie.mxl")
    }
}
