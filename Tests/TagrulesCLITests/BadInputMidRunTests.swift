import Foundation
import MetadataModel
import PDFInfo
import Testing

@testable import TagrulesKit

/// Files that disappear or change while a run is under way (issue 9), made deterministic.
struct BadInputMidRunTests {
    /// A score deleted after discovery and before reading, through the built binary.
    ///
    /// How the moment is caught without timing: the library holds 5,000 dangling symbolic
    /// links with long names, so discovery ends with over 1.4 MB of warnings on stderr — more
    /// than any pipe holds. stderr is a pipe the test does not drain, so the binary blocks on
    /// those warnings, after the walk (they are printed when it is complete) and before any
    /// score is read. The test waits for the first byte (the walk is over), deletes the score,
    /// then drains the pipe and lets the run go on.
    @Test(.timeLimit(.minutes(2))) func scoreDeletedBetweenDiscoveryAndReading() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach, Fixtures.Demo.chopin, Fixtures.Demo.satie])
        let gone = library.appendingPathComponent(Fixtures.Demo.chopin)
        let links = library.appendingPathComponent("links")
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        let padding = String(repeating: "x", count: 200)
        for index in 0..<5000 {
            try FileManager.default.createSymbolicLink(
                atPath: links.appendingPathComponent("\(padding)-\(index)").path, withDestinationPath: "nowhere")
        }
        let before = DiskState(scratch.url)

        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tagrules-midrun-\(UUID().uuidString).json")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["set", "library", "--add-tag", "survivor", "--format", "json"]
        process.currentDirectoryURL = scratch.url
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? stderr.fileHandleForWriting.close()

        let first = try stderr.fileHandleForReading.read(upToCount: 1) ?? Data()
        try #require(first.count == 1, "the binary prints its discovery warnings")
        try FileManager.default.removeItem(at: gone)
        let rest = try stderr.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()

        let messages = String(decoding: first + rest, as: UTF8.self).split(separator: "\n")
        #expect(process.terminationStatus == 1)
        #expect(messages.filter { $0.contains(": warning: cannot follow the symbolic link: ") }.count == 5000)
        #expect(messages.contains { $0.hasPrefix("library/\(Fixtures.Demo.chopin): error: cannot open: No such file or directory") })
        let report = try ReportJSON.decode(ReportJSON.Changes.self, try Data(contentsOf: output))
        #expect(report.files.map(\.status) == ["written", "error", "written"], "the run goes on")
        #expect(Set(DiskState(scratch.url).differences(from: before)) == Set([Fixtures.Demo.bach, Fixtures.Demo.chopin, Fixtures.Demo.satie].map { "library/\($0)" }))
        #expect(!FileManager.default.fileExists(atPath: gone.path), "a deleted score is never recreated")
    }

    enum Replacement: String, CaseIterable, CustomTestStringConvertible {
        case deleted, folder, namedPipe, otherFile
        var testDescription: String { rawValue }
    }

    /// A score that disappears or is replaced (by a folder, a named pipe, another PDF) between
    /// reading and writing: the write path re-opens it, fails with a message naming it, and
    /// writes nothing anywhere (no temporary file, no recreated score, the replacement untouched).
    @Test(arguments: Replacement.allCases)
    func scoreGoneBetweenReadingAndWriting(_ replacement: Replacement) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let path = library.appendingPathComponent(Fixtures.Demo.bach).path
        let loaded = ScoreLoader.load(path)
        try #require(loaded.isReadable)
        try FileManager.default.removeItem(atPath: path)
        switch replacement {
        case .deleted: break
        case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        // Opening a FIFO for reading waits for a writer unless opened non-blocking: this hangs
        // if the reader ever blocks.
        case .namedPipe: try #require(mkfifo(path, 0o644) == 0)
        case .otherFile: try FileManager.default.copyItem(at: Fixtures.library.appendingPathComponent(Fixtures.Demo.satie), to: URL(fileURLWithPath: path))
        }
        let before = DiskState(scratch.url)

        var after = loaded.metadata
        after.tags.append("too-late")
        let outcome = ScoreWriter(encoding: EncodingOptions(), force: false).stage(path: path, password: nil, before: loaded.metadata, after: after)
        guard case .failed(let error) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error.path == path)
        let expected: [Replacement: String] = [
            .deleted: "cannot open: No such file or directory", .folder: "not a regular file",
            .namedPipe: "not a regular file",
            .otherFile: "file changed since it was read; nothing written",
        ]
        #expect(error.message == expected[replacement], "\(error.message)")
        #expect(DiskState(scratch.url) == before)
    }
}
