import ArgumentParser
import Foundation
import TagrulesKit

extension Tagrules {
    /// `tagrules watch DIR… --rules DIR` (issue 6): tags each score the moment it lands in a
    /// watched folder, and keeps doing so until stopped. Each file goes through the pipeline of
    /// `apply` once it is complete; the work is in `Watch/` (``WatchLoop``).
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Watch folders and tag each score as it arrives (runs until stopped).",
            discussion: """
                Files already there are tagged at start (unless --new-only). A file is tagged once it is complete: unchanged for the debounce time after its last event, ending with %%EOF, readable. Partial downloads and temporary files (*.tmp, *.part, *.crdownload, *.icloud, .syncthing.*, hidden files) are ignored. Each real change gives a file exactly one new revision; tagrules' own writes never trigger another. Rule files are reloaded when they change; an edit with errors keeps the previous rules.

                Linux uses inotify, macOS kqueue; --poll scans instead. SIGINT or SIGTERM finishes the files in hand and exits 0. Exit status 1: the rules could not be loaded, or a folder could not be watched, at start; 64: usage errors (a folder that does not exist among them).
                """)

        @OptionGroup var options: WatchOptions
        @OptionGroup var rules: RulesOptions
        @OptionGroup var writeFlags: WriteFlags

        func run() throws {
            let reloader = try RulesReloader(folders: try rules.folders())
            let problems = reloader.transform.ruleSet.diagnostics
            DiagnosticPrinter().print(problems, of: reloader.transform.ruleSet)
            if problems.contains(where: { $0.severity == .error }) {
                throw CLIError(.rulesUnavailable, "the rules have errors; fix them and start again", path: reloader.name)
            }
            if let moveTo = options.moveTo {
                do {
                    try FileManager.default.createDirectory(atPath: moveTo, withIntermediateDirectories: true)
                } catch {
                    throw CLIError(.watchFailed, "cannot create the --move-to folder: \(error.localizedDescription)", path: moveTo)
                }
            }
            let output = try WatchOutput(format: options.format, path: options.output)
            let loop = try WatchLoop(settings: options.settings(writer: try writeFlags.writer()), rules: reloader, output: output)
            loop.run()
        }
    }
}
