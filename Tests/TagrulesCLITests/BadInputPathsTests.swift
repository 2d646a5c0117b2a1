import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Awkward paths through the built binary (issue 9): link loops, names with line breaks or
/// bytes that are not UTF-8, things that are not files. Each is named on stderr; a PDF that
/// cannot be processed makes the exit status 1; nothing is changed that should not be.
struct BadInputPathsTests {
    /// Loops of symbolic links end; a link loop that is not a `.pdf` is a warning, a `.pdf`
    /// link that leads nowhere is an error (a score is missing); the real score is written.
    @Test func symbolicLinkLoops() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let links = ["self": ".", "up": "..", "ping": "pong", "pong": "ping", "circle.pdf": "circle.pdf"]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: library.appendingPathComponent(name).path, withDestinationPath: target)
        }
        let before = DiskState(scratch.url)
        let result = try CLI.run(["set", "library", "--add-tag", "looped", "--format", "json"], in: scratch.url)
        #expect(result.status == 1, "a .pdf that cannot be read fails the run: \(result.stderr)")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        // The loops through . and .. end; the .pdf link that leads nowhere is an error entry.
        #expect(report.files.map(\.path) == ["library/\(Fixtures.Demo.bach)", "library/circle.pdf"])
        #expect(report.files.map(\.status) == ["written", "error"])
        #expect(report.summary.errors == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("library/ping: warning: cannot follow the symbolic link: too many levels") })
        #expect(lines.contains { $0.hasPrefix("library/pong: warning: cannot follow the symbolic link: too many levels") })
        #expect(lines.contains { $0.hasPrefix("library/circle.pdf: error: cannot follow the symbolic link: too many levels") })
        #expect(DiskState(scratch.url).differences(from: before) == ["library/\(Fixtures.Demo.bach)"])

        try BadInputRun.expect(
            ["inspect", "library/ping"], in: scratch, status: 64,
            messages: ["Error: library/ping": "cannot read: too many levels of symbolic links"])
    }

    /// A line break in a name is written escaped on stderr (one problem, one line) and kept
    /// as it is in JSON; such a score is read and written like any other.
    @Test func namesWithLineBreaks() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let folder = scratch.url.appendingPathComponent("odd")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let good = "Minuet\nin G.pdf", bad = "notes\r\nfrom class.pdf"
        try FileManager.default.copyItem(at: Fixtures.library.appendingPathComponent(Fixtures.Demo.bach), to: folder.appendingPathComponent(good))
        try Data("not a score".utf8).write(to: folder.appendingPathComponent(bad))
        let before = DiskState(scratch.url)

        let result = try CLI.run(["set", "odd", "--add-tag", "line-break", "--format", "json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").contains { $0.hasPrefix("odd/notes\\r\\nfrom class.pdf: error: not a PDF") }, "\(result.stderr)")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        #expect(report.files.map(\.path) == ["odd/\(good)", "odd/\(bad)"])
        #expect(report.files.map(\.status) == ["written", "error"])
        #expect(try PDFInfoOracle.fields(of: folder.appendingPathComponent(good))?["Keywords"]?.contains("line-break") == true)
        #expect(DiskState(scratch.url).differences(from: before) == ["odd/\(good)"])
    }

    /// Names are `String`s inside tagrules, which cannot hold bytes that are not UTF-8: such a
    /// score or folder is reported by name (bad bytes as `\xNN`) and the run fails, instead of
    /// the file being missed silently; the other scores are written.
    @Test func namesThatAreNotUTF8() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let root = Array(scratch.url.appendingPathComponent("latin1").path.utf8)
        try RawPath.makeFolder(root)
        let score = try Data(contentsOf: Fixtures.library.appendingPathComponent(Fixtures.Demo.bach))
        try RawPath.create(score, at: root + Array("/Caf".utf8) + [0xE9] + Array(" Concert.pdf".utf8))
        try RawPath.makeFolder(root + Array("/Sch".utf8) + [0xF6, 0x6E])
        try RawPath.create(score, at: root + Array("/Sch".utf8) + [0xF6, 0x6E] + Array("/inside.pdf".utf8))
        try RawPath.create(Data("ignored".utf8), at: root + Array("/readme-".utf8) + [0xFF] + Array(".txt".utf8))
        try RawPath.create(score, at: root + Array("/fine.pdf".utf8))
        let before = DiskState(scratch.url)

        let result = try CLI.run(["set", "latin1", "--add-tag", "utf8", "--format", "json"], in: scratch.url)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("latin1/Caf\\xE9 Concert.pdf: error: skipped: the file name is not valid UTF-8") }, "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("latin1/Sch\\xF6n: error: skipped: the folder name is not valid UTF-8") })
        #expect(!result.stderr.contains("readme"), "a file that is not a PDF is no concern")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        // The two names that are not UTF-8 are error entries, after the files read.
        #expect(report.files.map(\.path) == ["latin1/fine.pdf", "latin1/Caf\\xE9 Concert.pdf", "latin1/Sch\\xF6n"])
        #expect(report.files.map(\.status) == ["written", "error", "error"])
        #expect(report.summary.errors == 2)
        #expect(result.stderr.components(separatedBy: "Caf\\xE9 Concert.pdf").count == 2, "named once on stderr")
        #expect(DiskState(scratch.url).differences(from: before) == ["latin1/fine.pdf"])
    }

    /// A path named on the command line that is not UTF-8 is named as such (not as missing,
    /// which would be a usage error) and is an error entry; the other paths are processed.
    @Test func argumentThatIsNotUTF8() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let score = try Data(contentsOf: library.appendingPathComponent(Fixtures.Demo.bach))
        try RawPath.create(score, at: Array(scratch.url.path.utf8) + Array("/Caf".utf8) + [0xE9] + Array(".pdf".utf8))
        let command = "'\(CLI.binary.path)' inspect \"$(printf 'Caf\\351.pdf')\" library --format json"
        let result = try CLI.execute(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: scratch.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Caf\\xE9.pdf: error: skipped: the name is not valid UTF-8"), "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
        let files = try #require(report?["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["library/\(Fixtures.Demo.bach)", "Caf\\xE9.pdf"])
        #expect(files.map { $0["status"] as? String } == ["ok", "error"])
    }

    /// A path named explicitly that is neither a file nor a folder (here a FIFO, which would
    /// block a reader) is an error by name; it is never opened.
    @Test(.timeLimit(.minutes(1))) func fifoNamedExplicitly() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        #expect(mkfifo(scratch.url.appendingPathComponent("pipe.pdf").path, 0o644) == 0)
        try BadInputRun.expect(["inspect", "pipe.pdf"], in: scratch, status: 1, messages: ["pipe.pdf": "error: not a regular file or folder"])
        let json = try CLI.run(["inspect", "pipe.pdf", "--format", "json"], in: scratch.url)
        #expect(String(decoding: json.stdoutData, as: UTF8.self).contains("\"status\": \"error\""), "an error entry: \(json.stdout)")
        try BadInputRun.expect(["set", ".", "--add-tag", "x"], in: scratch, status: 0, messages: [:])
    }
}
