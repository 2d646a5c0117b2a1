/// What `tagrules watch` was asked to do, resolved from the command line.
package struct WatchSettings: Sendable {
    /// The watched folders, as given (without trailing slashes).
    var roots: [String]
    /// The quiet period after a file's last event before it is looked at, in nanoseconds.
    var debounce: UInt64
    /// `--poll SECONDS`: no event source, a scan every so many seconds.
    var poll: Double?
    /// The safety rescan interval in seconds, when events are used.
    var rescanInterval: Double
    /// `--new-only`: files already there at start are left alone.
    var newOnly: Bool
    /// `--move-to DIR`.
    var moveTo: String?
    /// `--jobs`.
    var jobs: Int
    /// The write path (`--force`, `--normalize`, `--duration-keyword`).
    var writer: ScoreWriter
    /// `--password` (or `TAGRULES_PASSWORD`), for encrypted files.
    var password: String?
    /// `--verbose`: notes about files that are not complete yet.
    var verbose: Bool
    /// What `--exclude` (and the config file) leaves out.
    var exclusion: PathExclusion

    /// The most files handed to the pipeline at once: enough to keep the workers busy, few
    /// enough that a shutdown waits for little and a burst's first files are tagged early.
    var batchLimit: Int { min(64, max(8, jobs * 8)) }

    /// The interval of the periodic scan, in seconds.
    var scanInterval: Double { poll ?? rescanInterval }

    /// Creates the settings.
    package init(
        roots: [String], debounce: UInt64, poll: Double?, rescanInterval: Double, newOnly: Bool, moveTo: String?,
        jobs: Int, writer: ScoreWriter, password: String?, verbose: Bool, exclusion: PathExclusion = PathExclusion([])
    ) {
        self.exclusion = exclusion
        self.roots = roots
        self.debounce = debounce
        self.poll = poll
        self.rescanInterval = rescanInterval
        self.newOnly = newOnly
        self.moveTo = moveTo
        self.jobs = jobs
        self.writer = writer
        self.password = password
        self.verbose = verbose
    }
}
