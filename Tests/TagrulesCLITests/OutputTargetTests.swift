import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `--output` writes: never over a PDF (an input named by mistake), through symbolic
/// links, into FIFOs and devices, keeping an existing file's permissions; a folder, an empty
/// name or a missing folder is a usage error before any work.
struct OutputTargetTests {
    private static let input = "library/\(Fixtures.Demo.beethoven)"

    private func scratchWithScore() throws -> Fixtures.Scratch {
        let scratch = try Fixtures.Scratch()
        try scratch.copyLibrary(only: [Fixtures.Demo.beethoven])
        return scratch
    }

    @Test(arguments: [["inspect", input, "-o", input], ["set", input, "--title", "New", "-o", input]])
    func anInputPDFIsNeverReplacedByTheReport(arguments: [String]) throws {
        let scratch = try scratchWithScore()
        defer { scratch.remove() }
        let score = scratch.url.appendingPathComponent(Self.input)
        let before = try Data(contentsOf: score)
        let result = try CLI.run(arguments, in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stderr.contains("it is a PDF, which a report never replaces"))
        #expect(try Data(contentsOf: score) == before, "the score is untouched, and set wrote nothing")
    }

    @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
        let scratch = try scratchWithScore()
        defer { scratch.remove() }
        let target = scratch.url.appendingPathComponent("report.txt")
        try Data("old\n".utf8).write(to: target)
        let link = scratch.url.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "report.txt")
        let result = try CLI.run(["inspect", Self.input, "-o", "link.txt"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "report.txt")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("Ode to Joy"))
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let scratch = try scratchWithScore()
        defer { scratch.remove() }
        let report = scratch.url.appendingPathComponent("report.json")
        try Data("{}".utf8).write(to: report)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: report.path)
        let result = try CLI.run(["inspect", Self.input, "-o", "report.json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let permissions = try FileManager.default.attributesOfItem(atPath: report.path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try String(contentsOf: report, encoding: .utf8).contains("\"files\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["library", "report.json"],
                "no temporary file is left")
    }

    @Test func aFIFOIsWrittenIntoNotReplaced() throws {
        let scratch = try scratchWithScore()
        defer { scratch.remove() }
        let fifo = scratch.url.appendingPathComponent("pipe")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        // The reader opens the FIFO on its own thread (an open for reading waits for a writer).
        let received = Received()
        let reader = Thread { received.set(RawPath.contents(of: Array(fifo.path.utf8))) }
        reader.start()
        defer {
            // Lets a reader still waiting for a writer go (the tool failed before opening).
            let unblock = open(fifo.path, O_WRONLY | O_NONBLOCK)
            if unblock >= 0 { close(unblock) }
        }
        let result = try CLI.run(["inspect", Self.input, "-o", "pipe", "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try #require(received.wait())
        #expect(String(decoding: bytes, as: UTF8.self).contains("Ode to Joy"))
        var status = stat()
        #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    }

    @Test(arguments: [
        ("library", "it is a folder"), ("", "the file name is empty"),
        ("missing/folder/report.json", "the folder missing/folder does not exist"),
    ])
    func unusableTargetsAreUsageErrors(target: String, message: String) throws {
        let scratch = try scratchWithScore()
        defer { scratch.remove() }
        let result = try CLI.run(["inspect", Self.input, "-o", target], in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--output \(target): \(message)"), "\(result.stderr)")
    }

    #if os(Linux)
    @Test func aFullDiskIsAFailureNamingTheFile() throws {
        let scratch = try scratchWithScore()
        defer { scratch.remove() }
        let result = try CLI.run(["inspect", Self.input, "-o", "/dev/full"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("/dev/full: cannot write the report: the disk is full"))
    }
    #endif

    /// What the FIFO's reader got, handed from its thread.
    private final class Received: @unchecked Sendable {
        private let condition = NSCondition()
        private var bytes: Data??

        func set(_ value: Data?) {
            condition.lock()
            bytes = .some(value)
            condition.broadcast()
            condition.unlock()
        }

        /// Waits up to 10 seconds for the reader; nil when it got nothing.
        func wait() -> Data? {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(10)
            while bytes == nil && condition.wait(until: deadline) {}
            return bytes ?? nil
        }
    }
}
