import Foundation

/// Starts loading the rules of `plan` and `apply` before ArgumentParser has parsed the command
/// line, so that the two overlap: parsing costs 20 M instructions on one core (mostly the
/// runtime's first conformance lookups) and loading the shipped rules 34 M, and with more than
/// one job `RulesCommand` loads them on a thread of its own anyway. A plain line skips the
/// parser (`CommandLineShortcut`): the rules then load while the files are found and read.
///
/// The command line is only glanced at (``guess(_:)``); the rules loaded are used only when the
/// parsed command turns out to want exactly them, with more than one job (``take(folder:jobs:)``).
/// Otherwise they are dropped unseen and the command loads its rules as before, so a wrong guess
/// costs time, never a different result. Loading prints nothing: the command reports the rules'
/// problems when it takes them.
enum RulesPreload {
    /// What the command line seems to ask for.
    struct Guess: Equatable {
        /// `--rules`, or nil for the default folder.
        var rules: String?
        /// `--jobs`, or nil for the default.
        var jobs: Int?
    }

    /// The rules loading in the background, and the folder and job count they were started for.
    private static let slot = Slot()

    /// Starts loading the rules `arguments` (the command line without the program) seem to name,
    /// when they seem to run `plan` or `apply` with more than one job.
    static func start(_ arguments: [String]) {
        guard let guess = guess(arguments), guess.jobs ?? WorkerPool.defaultJobs > 1,
            let folder = try? RulesOptions.folder(guess.rules, flag: "--rules")
        else { return }
        slot.store(folder: folder) {
            BackgroundValue(inBackground: true) { Result { () throws(CLIError) in try RulesTransform(folder: folder) } }
        }
    }

    /// The rules started for `folder`, when they were and `jobs` is more than one (the command
    /// would load them in the background itself); nil otherwise. Hands them out once.
    static func take(folder: URL, jobs: Int) -> BackgroundValue<Result<RulesTransform, CLIError>>? {
        guard jobs > 1 else { return nil }
        return slot.take(folder: folder)
    }

    /// `plan` or `apply` with the values of `--rules`/`-r` and `--jobs`/`-j` (`--name value` or
    /// `--name=value`; the last one given wins, as in ArgumentParser); nil for other commands,
    /// and when a group of short flags (`-vj`) or a job count that is no number makes the
    /// guess unsure. Arguments after `--` are paths.
    static func guess(_ arguments: [String]) -> Guess? {
        guard let command = arguments.first, command == "plan" || command == "apply" else { return nil }
        var guess = Guess()
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2 { return nil }
            for (names, long) in [(["--rules", "-r"], "--rules="), (["--jobs", "-j"], "--jobs=")] {
                let value: String?
                if names.contains(argument) {
                    guard index + 1 < arguments.count else { return nil }
                    value = arguments[index + 1]
                    index += 1
                } else if argument.hasPrefix(long) {
                    value = String(argument.dropFirst(long.count))
                } else {
                    continue
                }
                if long == "--rules=" {
                    guess.rules = value
                } else {
                    guard let jobs = value.flatMap({ Int($0) }) else { return nil }
                    guess.jobs = jobs
                }
            }
            index += 1
        }
        return guess
    }
}

/// The one preload of a run. A lock, because the main thread stores it and takes it while the
/// loading thread runs (the lock guards the slot, not the loading).
private final class Slot: @unchecked Sendable {
    private let lock = NSLock()
    private var folder: URL?
    private var value: BackgroundValue<Result<RulesTransform, CLIError>>?

    func store(folder: URL, _ start: () -> BackgroundValue<Result<RulesTransform, CLIError>>) {
        lock.lock()
        defer { lock.unlock() }
        self.folder = folder
        value = start()
    }

    func take(folder: URL) -> BackgroundValue<Result<RulesTransform, CLIError>>? {
        lock.lock()
        defer { lock.unlock() }
        guard let value, self.folder == folder else { return nil }
        self.value = nil
        return value
    }
}
