import ArgumentParser
import Foundation
import TagrulesKit

/// The files to work on and how many threads to use: shared by every command that reads PDFs.
struct InputOptions: ParsableArguments {
    /// PDF files or folders.
    @Argument(help: ArgumentHelp(
        "PDF files or folders. Folders are searched recursively for *.pdf (any case); hidden files are skipped.",
        valueName: "path"))
    var paths: [String]

    /// `--jobs N`: worker threads.
    @Option(name: [.short, .long], parsing: .unconditional, help: ArgumentHelp(
        "Files processed in parallel (default: all cores).", valueName: "n"))
    var jobs: Int?

    /// `--password`.
    @Option(help: ArgumentHelp(
        "Password (user or owner) for encrypted PDFs; default: $TAGRULES_PASSWORD, else the empty password.",
        valueName: "text"))
    var password: String?

    @OptionGroup var exclude: ExcludeOptions

    /// `--password`, else `TAGRULES_PASSWORD`.
    var resolvedPassword: String? {
        EnvironmentVariable.password(password)
    }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
    }

    /// The number of threads: `--jobs`, else the config file's, else every core.
    func jobCount() throws(CLIError) -> Int { try Self.jobCount(jobs) }

    /// `given` (a `--jobs`), else the config file's, else every core.
    static func jobCount(_ given: Int?) throws(CLIError) -> Int { try Defaults.settings().jobs(given).value }

    /// The PDF files the paths name, in a deterministic order. What could not be walked is
    /// reported on stderr and skipped (`FileDiscovery.hasErrors` tells the command to exit 1);
    /// removed stale temporary files are noted there.
    ///
    /// - Parameters:
    ///   - removingStaleTemporaries: Whether to remove temporary files killed runs left in the
    ///     folders walked (the commands that write).
    ///   - reportingUnreached: Whether the caller lists the paths that may hold a missed PDF
    ///     in its report (`FileDiscovery.unreached`), which prints them; only the other
    ///     problems are printed here then.
    /// - Throws: `ValidationError` (exit 64) when a path does not exist.
    func discover(
        removingStaleTemporaries: Bool = false, reportingUnreached: Bool = false
    ) throws -> FileDiscovery {
        try Self.discover(
            paths, exclude: exclude, removingStaleTemporaries: removingStaleTemporaries, reportingUnreached: reportingUnreached)
    }

    /// `discover` for commands that take their folder another way (`--library DIR`).
    static func discover(
        _ paths: [String], exclude: ExcludeOptions, removingStaleTemporaries: Bool = false, reportingUnreached: Bool = false
    ) throws -> FileDiscovery {
        let exclusion = try exclude.exclusion()
        // A name that is not UTF-8 cannot be passed on (it would read as no such file): it is
        // a problem of the walk, as inside a folder.
        let notUTF8 = paths.contains { $0.contains("\u{FFFD}") } ? RawArguments.notUTF8() : [:]
        var discovery: FileDiscovery
        do {
            discovery = try FileDiscovery.discover(
                paths.filter { notUTF8[$0] == nil }, removingStaleTemporaries: removingStaleTemporaries, excluding: exclusion)
        } catch {
            throw ValidationError("\(error.path ?? "path"): \(error.message)")
        }
        for path in paths { if let escaped = notUTF8[path] { discovery.reportNotUTF8Argument(escaped) } }
        var printer = DiagnosticPrinter()
        for problem in discovery.problems where !(reportingUnreached && problem.severity == .error) {
            printer.print(path: problem.path, severity: problem.severity, message: problem.message)
        }
        printer.minimum = .info
        for path in discovery.removedTemporaries {
            printer.print(path: path, severity: .info, message: "removed a temporary file an interrupted run left behind")
        }
        return discovery
    }
}
