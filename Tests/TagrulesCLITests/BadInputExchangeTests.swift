import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bad CSV and 4SS files and libraries for `import csv` and `setlist check` (issue 9). Malformed
/// content — wrong columns, bad cells, unterminated quotes, broken XML — is covered cell by
/// cell in InterchangeCSVTests and InterchangeSetlistTests; here are the files that are not
/// what they claim at all. Each is refused naming the file, exit 1, nothing changed.
struct BadInputExchangeTests {
    enum BadFile: String, CaseIterable, CustomTestStringConvertible {
        case empty, notUTF8, sparse2GB, fifo, folder, missing, cutMidEntry, entityBomb
        var testDescription: String { rawValue }
    }

    @Test(.timeLimit(.minutes(1)), arguments: BadFile.allCases)
    func csvThatIsNoCSV(_ bad: BadFile) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let export = try CLI.run(["export", "csv", "library"], in: scratch.url)
        try #require(export.status == 0)
        let message = try Self.make(bad, at: scratch.url.appendingPathComponent("scores.csv"), good: export.stdoutData)
        try BadInputRun.expect(
            ["import", "csv", "scores.csv", "--library", "library", "--apply"], in: scratch, status: 1,
            messages: ["Error: scores.csv": message])
    }

    @Test(.timeLimit(.minutes(1)), arguments: BadFile.allCases)
    func setlistThatIsNoSetlist(_ bad: BadFile) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let setlist = try CLI.run(["setlist", "--title", "Recital", "library"], in: scratch.url)
        try #require(setlist.status == 0)
        let message = try Self.make(bad, at: scratch.url.appendingPathComponent("recital.4ss"), good: setlist.stdoutData)
        try BadInputRun.expect(
            ["setlist", "check", "recital.4ss", "--library", "library"], in: scratch, status: 1,
            messages: ["Error: recital.4ss": message])
    }

    /// `import csv --apply` walks its library like `apply`: a PDF whose name is not UTF-8 is
    /// an error (exit 1), stale temporary files are removed, the row for a good PDF is applied.
    @Test func importIntoALibraryWithBadNames() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let score = try Data(contentsOf: library.appendingPathComponent(Fixtures.Demo.bach))
        try RawPath.create(score, at: Array(library.path.utf8) + Array("/R".utf8) + [0xE9, 0x71] + Array(".pdf".utf8))
        let stale = "library/.tagrules-\(Fixtures.Demo.bach)-\(Int32.max - 1)-9.tmp"
        try Data().write(to: scratch.url.appendingPathComponent(stale))
        let export = try CLI.run(["export", "csv", "library/\(Fixtures.Demo.bach)"], in: scratch.url)
        try String(decoding: export.stdoutData, as: UTF8.self).replacingOccurrences(of: "Minuet in G,", with: "Menuet,")
            .write(to: scratch.url.appendingPathComponent("rename.csv"), atomically: true, encoding: .utf8)

        let result = try CLI.run(["import", "csv", "rename.csv", "--library", "library", "--apply"], in: scratch.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("library/R\\xE9q.pdf: error: skipped: the file name is not valid UTF-8"))
        #expect(result.stderr.contains("\(stale): note: removed a temporary file"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent(stale).path))
        #expect(try PDFInfoOracle.fields(of: library.appendingPathComponent(Fixtures.Demo.bach))?["Title"] == "Menuet")
    }

    /// Turns the path into `bad`; `good` is a valid file of the kind. Returns the words the
    /// refusal must contain.
    static func make(_ bad: BadFile, at file: URL, good: Data) throws -> String {
        switch bad {
        case .empty:
            try Data().write(to: file)
            return file.pathExtension == "csv" ? "the file holds no rows" : "no root element"
        case .notUTF8:
            try (Data([0xFF, 0xFE, 0x00]) + good).write(to: file)
            return "the file is not UTF-8 text"
        case .sparse2GB:
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            let handle = try #require(FileHandle(forWritingAtPath: file.path))
            try handle.truncate(atOffset: 2 << 30)
            try handle.close()
            return "the file is larger than 256 MiB"
        case .fifo:
            try #require(mkfifo(file.path, 0o644) == 0)
            return "not a regular file"
        case .folder:
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            return "not a regular file"
        case .missing:
            return "no such file"
        case .cutMidEntry:
            // Inside the score's quoted Tags cell ("piano, beginner") or its title attribute.
            let csv = file.pathExtension == "csv"
            let marker = Data((csv ? "\"piano" : "title=\"Minu").utf8)
            let cut = try #require(good.range(of: marker)).upperBound
            try good.prefix(cut).write(to: file)
            return csv ? "line 2, column 7: a quoted cell starting here never ends" : "line 3: the value of attribute 'title' never ends"
        case .entityBomb:
            let entities = "<!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>"
            let text = String(decoding: good, as: UTF8.self)
            let bombed = file.pathExtension == "csv"
                ? entities + "\n" + text
                : text.replacingOccurrences(of: "?>", with: "?>" + entities).replacingOccurrences(of: "title=\"Recital\"", with: "title=\"&b;\"")
            try bombed.write(to: file, atomically: true, encoding: .utf8)
            return file.pathExtension == "csv" ? "line 1" : "document type declarations are not supported"
        }
    }
}
