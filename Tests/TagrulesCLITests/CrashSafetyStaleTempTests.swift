import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import TagrulesKit

/// A run killed before its rename leaves `.tagrules-<name>-<pid>-<random>.tmp` beside the score
/// (issue 9). The next run that writes removes such files when they are stale — their process
/// is gone, or they are over an hour old — and says so on stderr; read-only commands leave
/// them alone.
struct CrashSafetyStaleTempTests {
    @Test(arguments: [
        (".tagrules-Nocturne.pdf-4242-3735928559.tmp", 4242 as Int32?),
        (".tagrules-a-b-c.pdf-17-0.tmp", 17), (".tagrules--1-2.tmp", 1),
        (".tagrules-Nocturne.pdf-4242.tmp", nil), (".tagrules-x-0-5.tmp", nil), (".tagrules-x-12-99999999999.tmp", nil),
        (".tagrules-x-12-3.txt", nil), ("tagrules-x-12-3.tmp", nil), (".tagrules-x-1a-3.tmp", nil), (".tagrules-.tmp", nil),
        (".tagrules-x-99999999999-3.tmp", nil),
    ] as [(String, Int32?)])
    func processIDInTheName(name: String, pid: Int32?) {
        #expect(StaleTempFiles.processID(inName: name) == pid)
    }

    @Test func staleWhenTheProcessIsGoneOrTheFileIsOld() {
        let now = 1_000_000
        let running: (pid_t) -> Bool = { $0 == 100 }
        #expect(StaleTempFiles.isStale(pid: 200, modified: now, now: now, isRunning: running), "process gone")
        #expect(!StaleTempFiles.isStale(pid: 100, modified: now - 60, now: now, isRunning: running), "its writer may still rename it")
        #expect(StaleTempFiles.isStale(pid: 100, modified: now - 3601, now: now, isRunning: running), "over an hour: the number was reused")
        #expect(!StaleTempFiles.isStale(pid: getpid(), modified: now, now: now, isRunning: { _ in false }), "never this run's own")
        #expect(StaleTempFiles.isRunning(getpid()))
        #expect(!StaleTempFiles.isRunning(Int32.max - 1), "beyond any pid_max")
    }

    /// Through the binary: stale temporary files in the folders walked are removed by `set`,
    /// `apply` and `undo` (each named in a note), kept by `plan` and `inspect`; a fresh one of
    /// a running process, other hidden files and temporary files of explicitly named scores'
    /// folders stay.
    @Test func writingCommandsRemoveStaleTemporaryFiles() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let nested = library.appendingPathComponent("nested")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let me = ProcessInfo.processInfo.processIdentifier
        let dead = "library/.tagrules-\(Fixtures.Demo.bach)-\(Int32.max - 1)-12345.tmp"
        let old = "library/nested/.tagrules-Old.pdf-\(me)-7.tmp"
        let live = "library/.tagrules-\(Fixtures.Demo.bach)-\(me)-8.tmp"
        let others = ["library/.tagrules-notes.txt", "library/.hidden.pdf", "library/nested/.tagrules-x-1-2.tmp.bak"]
        for path in [dead, old, live] + others {
            try Data("%PDF-1.7 partial copy".utf8).write(to: scratch.url.appendingPathComponent(path))
        }
        let twoHoursAgo = Date(timeIntervalSinceNow: -7200)
        try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: scratch.url.appendingPathComponent(old).path)

        for readOnly in [["plan", "library", "--rules", Fixtures.rules.path], ["inspect", "library"], ["set", "library", "--tag", "x", "--dry-run"]] {
            let result = try CLI.run(readOnly, in: scratch.url)
            #expect(!result.stderr.contains("temporary"), "\(readOnly[0]) removes nothing")
            #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent(dead).path))
        }
        let named = try CLI.run(["set", "library/\(Fixtures.Demo.bach)", "--add-tag", "named"], in: scratch.url)
        #expect(named.status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent(dead).path), "only folders walked are cleaned")

        let result = try CLI.run(["set", "library", "--add-tag", "cleaned"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        for path in [dead, old] {
            #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent(path).path), "\(path) removed")
            #expect(result.stderr.contains("\(path): note: removed a temporary file an interrupted run left behind"), "\(result.stderr)")
        }
        for path in [live] + others {
            #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent(path).path), "\(path) kept")
        }
        #expect(try PDFInfoOracle.fields(of: library.appendingPathComponent(Fixtures.Demo.bach))?["Keywords"]?.contains("named, cleaned") == true)
    }

    /// `undo` cleans up too (it writes through the same temporary files).
    @Test func undoRemovesStaleTemporaryFiles() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.satie])
        let dead = "library/.tagrules-\(Fixtures.Demo.satie)-\(Int32.max - 1)-1.tmp"
        try Data().write(to: scratch.url.appendingPathComponent(dead))
        let result = try CLI.run(["undo", "library"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.stderr.contains("\(dead): note: removed a temporary file"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent(dead).path))
    }
}
