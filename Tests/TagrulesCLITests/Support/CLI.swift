import Foundation

/// Runs the built `tagrules` binary, as a user would, and captures what it prints.
struct CLI {
    /// What one run produced.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutData: Data
    }

    /// The binary: `TAGRULES_BIN`, else `tagrules` beside the test bundle (the build products
    /// folder), else `.build/debug/tagrules` under the package root.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["TAGRULES_BIN"] { return URL(fileURLWithPath: path) }
        var folders: [URL] = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        folders.append(Fixtures.packageRoot.appendingPathComponent(".build/debug"))
        for folder in folders {
            let candidate = folder.appendingPathComponent("tagrules")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return folders.last!.appendingPathComponent("tagrules")
    }()

    /// Runs `tagrules arguments…` in `directory`.
    ///
    /// - Parameter environment: Added to a clean environment (PATH, HOME, and an
    ///   `XDG_CONFIG_HOME` where no config file is, so that the developer's own config file
    ///   never changes a test); `NO_COLOR` and `TERM` are not inherited.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        let noConfig = ["XDG_CONFIG_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("tagrules-tests-no-config").path]
        return try execute(binary, arguments, in: directory, environment: noConfig.merging(environment) { _, given in given })
    }

    /// Runs any program (oracles: pdfinfo, qpdf, script) and captures its output.
    static func execute(
        _ program: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                   "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/tmp", "LANG": "C.UTF-8"]
        env.merge(environment) { _, new in new }
        process.environment = env
        // Output goes to files, not pipes, so that a large report can never stall the child.
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("tagrules-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        let outURL = capture.appendingPathComponent("stdout")
        let errURL = capture.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: outURL)
        let errData = try Data(contentsOf: errURL)
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
    }

    /// The full path of a program on PATH, or nil.
    static func which(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
