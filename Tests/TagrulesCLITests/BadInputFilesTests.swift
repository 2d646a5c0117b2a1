import Foundation
import Testing

/// Bad files through the built binary (issue 9): each gives a clear message on stderr naming
/// the file, exit status 1, and leaves everything on disk as it was.
struct BadInputFilesTests {
    /// Every writable demo score cut at seven places, from inside the header to just before
    /// `%%EOF`: each is an error (no catalog) or skipped (repaired cross-reference data), named
    /// on stderr; nothing is written, even though `set` changes every file it can.
    @Test func truncatedPDFs() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let folder = scratch.url.appendingPathComponent("cut")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var names: [String] = []
        for demo in Fixtures.Demo.writable {
            let bytes = try Data(contentsOf: Fixtures.library.appendingPathComponent(demo))
            for cut in [5, bytes.count / 20, bytes.count / 4, bytes.count / 2, bytes.count * 3 / 4, bytes.count * 19 / 20, bytes.count - 20] {
                let name = "\(demo.dropLast(4)) @\(cut).pdf"
                try bytes.prefix(cut).write(to: folder.appendingPathComponent(name))
                names.append(name)
            }
        }
        let result = try BadInputRun.expect(["set", "cut", "--add-tag", "bad-input"], in: scratch, status: 1, messages: [:])
        for name in names {
            let line = result.stderr.split(separator: "\n").first { $0.hasPrefix("cut/\(name): ") && ($0.contains(": error: ") || $0.contains(": warning: not written: ")) }
            #expect(line != nil, "\(name) is refused by name")
        }
        #expect(result.stdout.contains("\(names.count) files: "))
        #expect(!result.stdout.contains("written"))
    }

    @Test func zeroByteFile() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        _ = FileManager.default.createFile(atPath: scratch.url.appendingPathComponent("empty.pdf").path, contents: Data())
        try BadInputRun.expect(["set", ".", "--add-tag", "x"], in: scratch, status: 1, messages: ["empty.pdf": "error: file is empty"])
        try BadInputRun.expect(["inspect", "empty.pdf"], in: scratch, status: 1, messages: ["empty.pdf": "error: file is empty"])
    }

    @Test func textFileWithPDFExtension() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try Data("Shopping list: strings, rosin, a metronome.\n".utf8).write(to: scratch.url.appendingPathComponent("list.pdf"))
        try BadInputRun.expect(["set", ".", "--title", "x", "--yes"], in: scratch, status: 1, messages: ["list.pdf": "error: not a PDF"])
        try BadInputRun.expect(["undo", "."], in: scratch, status: 1, messages: ["list.pdf": "error: not a PDF"])
    }

    /// A folder called `x.pdf` is a folder: walked like any other (its scores are found), never
    /// mistaken for a file, and no error when it is empty.
    @Test func folderNamedLikeAPDF() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let manager = FileManager.default
        try manager.createDirectory(at: scratch.url.appendingPathComponent("empty.pdf"), withIntermediateDirectories: true)
        try BadInputRun.expect(["set", "empty.pdf", "--add-tag", "x"], in: scratch, status: 0, messages: [:])

        let folder = scratch.url.appendingPathComponent("Scores.pdf")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        try manager.copyItem(at: Fixtures.library.appendingPathComponent(Fixtures.Demo.bach), to: folder.appendingPathComponent("bach.pdf"))
        let result = try CLI.run(["set", ".", "--add-tag", "found", "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        #expect(report.files.map(\.path) == ["Scores.pdf/bach.pdf"])
        #expect(report.files.map(\.status) == ["written"])
    }

    /// A 2 GB sparse file of zeros is rejected from its first bytes, without reading 2 GB (a
    /// test has no clock to assert "fast"; it must finish within the time limit, as "not a PDF").
    @Test(.timeLimit(.minutes(1))) func sparseTwoGigabyteFile() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let path = scratch.url.appendingPathComponent("huge.pdf").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        try BadInputRun.expect(["set", ".", "--add-tag", "x"], in: scratch, status: 1, messages: ["huge.pdf": "error: not a PDF"])
    }

    @Test func readOnlyFile() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.chopin])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: library.appendingPathComponent(Fixtures.Demo.chopin).path)
        let name = "library/\(Fixtures.Demo.chopin)"
        try BadInputRun.expect(
            ["apply", "library", "--rules", Fixtures.rules.path], in: scratch, status: 1,
            messages: [name: "warning: not written: file is read-only"])
        try BadInputRun.expect(["set", "library", "--add-tag", "x", "--force"], in: scratch, status: 1, messages: [name: "file is read-only"])
    }

    /// Writing means a temporary copy beside the file: a read-only folder refuses it, so its
    /// files are skipped by name and nothing appears in it; a dry run predicts that.
    @Test func readOnlyFolder() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach, Fixtures.Demo.satie])
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: library.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: library.path) }
        try BadInputRun.expect(
            ["set", "library", "--add-tag", "x"], in: scratch, status: 1,
            messages: ["library/\(Fixtures.Demo.bach)": "warning: not written: folder is read-only",
                       "library/\(Fixtures.Demo.satie)": "warning: not written: folder is read-only"])
        try BadInputRun.expect(
            ["set", "library", "--add-tag", "x", "--dry-run"], in: scratch, status: 0,
            messages: ["library/\(Fixtures.Demo.bach)": "warning: apply will not write this file: folder is read-only"])
    }
}

/// The contract every bad input is held to.
enum BadInputRun {
    /// Runs `tagrules arguments…` in the scratch folder and checks the exit status, a stderr
    /// line starting with each path of `messages` and containing its text, and that nothing
    /// under the scratch folder changed.
    @discardableResult
    static func expect(
        _ arguments: [String], in scratch: Fixtures.Scratch, status: Int32, messages: [String: String],
        environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CLI.Result {
        let before = DiskState(scratch.url)
        let result = try CLI.run(arguments, in: scratch.url, environment: environment)
        #expect(result.status == status, "exit status of \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        for (path, message) in messages {
            #expect(
                lines.contains { $0.hasPrefix("\(path): ") && $0.contains(message) },
                "stderr names \(path) with '\(message)': \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(DiskState(scratch.url).differences(from: before) == [], "nothing changed on disk", sourceLocation: sourceLocation)
        return result
    }
}
