import PDFInfo

/// The version of each file watch mode last dealt with — processed (tagged or not), written by
/// watch itself, found incomplete, or there at start with `--new-only` — by path.
///
/// This is what stops the feedback loop: when tagrules writes a file, the rename over it
/// makes an event like anybody else's save. The stamp of the file as written is remembered,
/// so that the event finds nothing new and the file gets no second revision. A real change
/// (someone saves the file again) changes the stamp and the file is processed once more. The
/// periodic rescan uses the same memory to find files whose events were missed.
///
/// For the files watch wrote, it also remembers the bytes its revision occupied, so that a
/// writer that appends to the file afterwards (``DisplacedRevision``) can be undone.
struct SeenFiles {
    private var stamps: [String: FileStamp] = [:]
    private var revisions: [String: Range<Int>] = [:]

    /// The number of files remembered.
    var count: Int { stamps.count }

    /// Remembers that `path` was dealt with as it is at `stamp`.
    mutating func remember(_ path: String, _ stamp: FileStamp) { stamps[path] = stamp }

    /// Remembers that watch wrote `path`, its revision occupying the bytes `revision`.
    mutating func rememberWrite(_ path: String, _ stamp: FileStamp, revision: Range<Int>) {
        stamps[path] = stamp
        revisions[path] = revision
    }

    /// The bytes of the revision watch last wrote into `path`, if it did.
    func revision(of path: String) -> Range<Int>? { revisions[path] }

    /// Forgets `path` (moved away or deleted).
    mutating func forget(_ path: String) {
        stamps[path] = nil
        revisions[path] = nil
    }

    /// Whether `path` at `stamp` is the version last dealt with, so that there is nothing to do.
    func isCurrent(_ path: String, _ stamp: FileStamp) -> Bool { stamps[path] == stamp }

    /// Forgets every path under `folder` (a folder moved away or removed, or `folder` itself)
    /// that is not in `present`, the files a scan of the folder found.
    mutating func prune(under folder: String, keeping present: Set<String>) {
        let prefix = folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        for path in stamps.keys where path.hasPrefix(prefix) && !present.contains(path) {
            forget(path)
        }
    }
}
