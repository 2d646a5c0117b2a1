import PDFInfo

/// Which names watch mode looks at: scores (`*.pdf`, any case), never the partial files that
/// browsers, sync clients and editors write while a download or a save is under way, nor
/// tagrules' own temporary files.
enum WatchNames {
    /// Suffixes of partial or placeholder files, lowercase: `*.tmp`, `*.part` (Firefox, curl,
    /// wget), `*.crdownload` (Chrome), `*.icloud` (iCloud Drive placeholders), `*.download`
    /// (Safari), `*.partial` (Edge), plus tagrules' own `SafeFileWriter.temporarySuffix`.
    static let partialSuffixes: [String] = [
        ".tmp", ".part", ".crdownload", ".icloud", ".download", ".partial", SafeFileWriter.temporarySuffix,
    ]

    /// Prefixes of partial files: `.~` (LibreOffice locks), `._` (macOS resource forks),
    /// `.syncthing.` (Syncthing) and tagrules' own `SafeFileWriter.temporaryPrefix`. They are
    /// hidden names, ignored anyway; listing them keeps the rule as the README states it.
    static let partialPrefixes: [String] = [".~", "._", ".syncthing.", SafeFileWriter.temporaryPrefix]

    /// Whether a file called `name` may be a score to tag: it ends in `.pdf` in any case, is
    /// not hidden (a leading `.`), and is not a partial or temporary file.
    static func isScore(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        guard lowercased.hasSuffix(".pdf"), !name.hasPrefix(".") else { return false }
        return !isPartial(lowercased)
    }

    /// Whether `name` is a partial, placeholder or temporary file (by the lists above).
    static func isPartial(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return partialSuffixes.contains { lowercased.hasSuffix($0) }
            || partialPrefixes.contains { lowercased.hasPrefix($0) }
    }

    /// Whether a folder called `name` is entered: hidden folders (`.git`, `.Trash`,
    /// `.stfolder`), which discovery skips too, and partial ones (Safari's `x.pdf.download`
    /// bundle) are not.
    static func isWatchedFolder(_ name: String) -> Bool { !name.hasPrefix(".") && !isPartial(name) }

    /// `folder/name`, or just `name` inside `.` (as ``FileDiscovery`` prints paths).
    static func join(_ folder: String, _ name: String) -> String {
        if folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
