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
        let found = NotationReader.find(besidePDF: folder.appendingPathComponent("Nocturne.pdf").path)
        #expect(found == folder.appendingPathComponent("Nocturne.MSCZ").path)
    }

    @Test func takesXMLOnlyWhenItIsMusicXML() throws {
        let folder = try folder(with: [
            "A.pdf": "", "A.xml": "<?xml version=\"1.0\"?><catalog/>",
            "B.pdf": "", "B.xml": "<?xml version=\"1.0\"?>\n<!DOCTYPE score-partwise>\n<score-partwise version=\"3.1\"/>",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(NotationReader.find(besidePDF: folder.appendingPathComponent("A.pdf").path) == nil)
        #expect(NotationReader.find(besidePDF: folder.appendingPathComponent("B.pdf").path) == folder.appendingPathComponent("B.xml").path)
        let error = #expect(throws: NotationError.self) {
            try NotationReader.read(path: folder.appendingPathComponent("A.xml").path)
        }
        #expect(error?.code == .notNotation)
    }

    @Test func findsNothingWithoutASibling() throws {
        let folder = try folder(with: ["Solo.pdf": "", "Other.mscz": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(NotationReader.find(besidePDF: folder.appendingPathComponent("Solo.pdf").path) == nil)
        #expect(NotationReader.find(besidePDF: "/nonexistent/folder/x.pdf") == nil)
    }
}
