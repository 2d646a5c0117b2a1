import ArgumentParser
import Foundation
import TagrulesKit

/// The folders and options of `tagrules watch` (the rules and write options are shared with
/// `apply`).
struct WatchOptions: ParsableArguments {
    /// The folders to watch.
    @Argument(help: ArgumentHelp(
        "Folders to watch, with their subfolders. Hidden files and folders are skipped.", valueName: "dir"))
    var folders: [String]

    /// `--poll SECONDS`.
    @Option(help: ArgumentHelp(
        "Scan every SECONDS instead of using file events (network filesystems, where events do not arrive).",
        valueName: "seconds"))
    var poll: Double?

    /// `--rescan-interval SECONDS`.
    @Option(help: ArgumentHelp(
        "With file events, also scan every SECONDS in case an event was missed.", valueName: "seconds"))
    var rescanInterval: Int = 300

    /// `--debounce MS`.
    @Option(help: ArgumentHelp(
        "How long a file must stay unchanged after its last event before it is tagged, in milliseconds.",
        valueName: "ms"))
    var debounce: Int = 100

    /// `--new-only`.
    @Flag(help: "Leave the files already there at start alone; tag only files that arrive or change.")
    var newOnly = false

    /// `--move-to DIR`.
    @Option(help: ArgumentHelp(
        "Move each processed file (tagged or unchanged) to DIR, at the same relative path, never over an existing file (\"Score (2).pdf\"). Files that failed stay.",
        valueName: "dir"))
    var moveTo: String?

    /// `--jobs N`.
    @Option(name: [.short, .long], help: ArgumentHelp(
        "Files processed in parallel (default: all cores).", valueName: "n"))
    var jobs: Int?

    @OptionGroup var exclude: ExcludeOptions

    /// `--password`.
    @Option(help: ArgumentHelp(
        "Password (user or owner) for encrypted PDFs; default: $TAGRULES_PASSWORD, else the empty password.",
        valueName: "text"))
    var password: String?

    /// `--format text|json`.
    @Option(help: ArgumentHelp(
        "text: one line per processed file; json: one JSON object per line (JSON Lines).", valueName: "format"))
    var format: WatchOutput.Format = .text

    /// `--output FILE`.
    @Option(name: [.short, .long], help: ArgumentHelp("Append the lines to this file instead of standard output.", valueName: "file"))
    var output: String?

    /// `--verbose`.
    @Flag(name: [.short, .long], help: "Also report files that are not complete yet (no %%EOF at the end).")
    var verbose = false

    func validate() throws {
        guard !folders.isEmpty else { throw ValidationError("give at least one folder to watch") }
        for folder in folders where !FileManager.default.isFolder(atPath: folder) {
            throw ValidationError("'\(folder)' is not a folder")
        }
        if let poll, !(poll > 0 && poll <= 86_400) {
            throw ValidationError("--poll must be between 0 and 86400 seconds (got \(poll))")
        }
        guard rescanInterval >= 1 && rescanInterval <= 86_400 else {
            throw ValidationError("--rescan-interval must be between 1 and 86400 seconds (got \(rescanInterval))")
        }
        guard (0...60_000).contains(debounce) else {
            throw ValidationError("--debounce must be between 0 and 60000 milliseconds (got \(debounce))")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
        // Appended to, not replaced, but refused alike: a PDF, a folder, a missing folder.
        if let output, let refusal = OutputFile.refusal(output) {
            throw ValidationError("--output \(output): \(refusal)")
        }
        if let moveTo {
            if FileManager.default.fileExists(atPath: moveTo), !FileManager.default.isFolder(atPath: moveTo) {
                throw ValidationError("--move-to: '\(moveTo)' is not a folder")
            }
            let target = Self.absolute(moveTo)
            if folders.contains(where: { Self.absolute($0) == target }) {
                throw ValidationError("--move-to: '\(moveTo)' is a watched folder; give another folder")
            }
        }
    }

    /// The settings these options describe.
    func settings(writer: ScoreWriter) throws(CLIError) -> WatchSettings {
        WatchSettings(
            roots: folders.map(Self.trimmed), debounce: UInt64(debounce) * 1_000_000, poll: poll,
            rescanInterval: Double(rescanInterval), newOnly: newOnly, moveTo: moveTo.map(Self.trimmed),
            jobs: try InputOptions.jobCount(jobs), writer: writer,
            password: EnvironmentVariable.password(password), verbose: verbose, exclusion: try exclude.exclusion())
    }

    /// `inbox/` → `inbox`, so that paths are joined with one slash; `/` stays.
    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

}
