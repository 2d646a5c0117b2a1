import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CI-sized version of `scripts/crash_safety.py` (issue 9): `set` over 60 scores killed
/// with SIGKILL at a random moment within its normal duration, three rounds. Whenever the kill
/// lands, every score must be whole: its old bytes, or its old bytes plus an update that
/// `qpdf --check` accepts and that holds what the same command run to completion writes. The
/// next run finishes the job and leaves no temporary file. (Where the kill lands is random;
/// what must hold does not depend on it, so the test cannot flake.)
struct CrashSafetyKillTests {
    @Test(.timeLimit(.minutes(10))) func killedRunsLeaveEveryScoreWhole() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = scratch.url.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        for index in 0..<60 {
            let source = Fixtures.library.appendingPathComponent(Fixtures.Demo.writable[index % Fixtures.Demo.writable.count])
            try FileManager.default.copyItem(at: source, to: library.appendingPathComponent(String(format: "%03d.pdf", index)))
        }
        let qpdf = try #require(CLI.which("qpdf"))

        for round in 1...3 {
            let tag = "kill-\(round)"
            let before = try Fixtures.snapshot(library)
            let reference = scratch.url.appendingPathComponent("reference-\(round)")
            try FileManager.default.copyItem(at: library, to: reference)
            let start = Date()
            let completed = try CLI.run(["set", reference.path, "--add-tag", tag])
            let duration = Date().timeIntervalSince(start)
            try #require(completed.status == 0, "\(completed.stderr)")

            try Self.runAndKill(["set", library.path, "--add-tag", tag], after: Double.random(in: 0..<duration))
            for (name, old) in before {
                let now = try Data(contentsOf: library.appendingPathComponent(name))
                guard now != old else { continue }
                #expect(now.count > old.count && now.prefix(old.count) == old, "\(name): the old bytes are a prefix")
                #expect(try CLI.execute(qpdf, ["--check", library.appendingPathComponent(name).path]).status == 0, "\(name)")
                #expect(
                    try PDFInfoOracle.fields(of: library.appendingPathComponent(name))?["Keywords"]
                        == PDFInfoOracle.fields(of: reference.appendingPathComponent(name))?["Keywords"], "\(name): as intended")
            }

            let finish = try CLI.run(["set", library.path, "--add-tag", tag])
            #expect(finish.status == 0, "\(finish.stderr)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: library.path).filter { $0.hasPrefix(".tagrules-") }
            #expect(leftovers == [], "the next run removes what the killed one left")
            for name in before.keys {
                #expect(
                    try PDFInfoOracle.fields(of: library.appendingPathComponent(name))?["Keywords"]
                        == PDFInfoOracle.fields(of: reference.appendingPathComponent(name))?["Keywords"], "\(name) finished")
            }
        }
        let again = try CLI.run(["set", library.path, "--add-tag", "kill-3"])
        #expect(again.stdout.contains("nothing to do"), "the job is done")
    }

    /// Starts `tagrules arguments…` and sends SIGKILL after `delay` seconds unless it ended.
    static func runAndKill(_ arguments: [String], after delay: TimeInterval) throws {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
