import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A running `tagrules watch`: the real binary, its standard output and error captured in
/// files, read while it runs. Ended with SIGKILL if a test forgets to stop it.
final class WatchProcess {
    /// One line of `--format json` output (the apply per-file object plus `time`, `moved`).
    struct Record: Decodable {
        var time: String
        var path: String
        var status: String
        var error: String?
        var after: ReportJSON.Metadata?
        var changes: [ReportJSON.Change]
        var diagnostics: [ReportJSON.Diagnostic]
        var moved: String?
    }

    let process = Process()
    private let capture: URL

    /// Starts `tagrules watch arguments… --format json` in `directory` and waits until it
    /// says it is watching.
    init(_ arguments: [String], in directory: URL) throws {
        capture = FileManager.default.temporaryDirectory.appendingPathComponent("tagrules-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        for name in ["stdout", "stderr"] {
            _ = FileManager.default.createFile(atPath: capture.appendingPathComponent(name).path, contents: nil)
        }
        process.executableURL = CLI.binary
        process.arguments = ["watch"] + arguments + ["--format", "json"]
        process.currentDirectoryURL = directory
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
            "LANG": "C.UTF-8", "NO_COLOR": "1",
        ]
        process.standardOutput = try FileHandle(forWritingTo: capture.appendingPathComponent("stdout"))
        process.standardError = try FileHandle(forWritingTo: capture.appendingPathComponent("stderr"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        guard Self.eventually(timeout: 30, { self.stderr.contains("note: watching") || !self.process.isRunning }),
            process.isRunning
        else { throw Failure(message: "watch did not start: \(stderr)") }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: capture)
    }

    /// Everything written to standard output so far.
    var stdout: String { (try? String(contentsOf: capture.appendingPathComponent("stdout"), encoding: .utf8)) ?? "" }

    /// Everything written to standard error so far.
    var stderr: String { (try? String(contentsOf: capture.appendingPathComponent("stderr"), encoding: .utf8)) ?? "" }

    /// The number of complete lines printed so far (cheaper than decoding them).
    var lineCount: Int {
        guard let data = try? Data(contentsOf: capture.appendingPathComponent("stdout")) else { return 0 }
        return data.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// The complete JSON lines printed so far.
    var records: [Record] {
        stdout.split(separator: "\n").compactMap { try? JSONDecoder().decode(Record.self, from: Data($0.utf8)) }
    }

    /// The records of files whose name is `name`.
    func records(named name: String) -> [Record] {
        records.filter { ($0.path as NSString).lastPathComponent == name }
    }

    /// The process's peak resident memory (`VmHWM` of /proc/PID/status), in bytes.
    var peakMemory: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
    }

    /// The CPU time the process has used so far (user + system, `utime` and `stime` of
    /// /proc/PID/stat), in seconds.
    var cpuSeconds: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Sends `signal` and waits up to `timeout` seconds for the process to end.
    ///
    /// - Returns: The exit status, or nil when it did not end in time.
    func stop(signal: Int32 = SIGTERM, timeout: Double = 30) -> Int32? {
        kill(process.processIdentifier, signal)
        guard Self.eventually(timeout: timeout, { !self.process.isRunning }) else { return nil }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// Polls `condition` every 50 ms until it holds or `timeout` seconds pass.
    @discardableResult
    static func eventually(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
