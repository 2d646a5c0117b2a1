import PDFInfo

/// A file with more than one name (hard links) is not replaced: a replacement gives the name
/// written a new file and leaves the other names with the old one, silently, and the next run
/// would find them to write again. Such a file is skipped with the reason (`hard-linked`).
enum HardLinks {
    /// Why `apply` and `set` leave the file `source` reads alone; nil when it has one name.
    /// `--force` writes the name given anyway.
    static func writeRefusal(_ source: FileByteSource, path: String) -> PDFError? {
        refusal(source, path: path, doing: "writing would give this name a new file and leave the others with the old metadata (--force writes this name anyway)")
    }

    /// Why `undo` leaves the file `source` reads alone; nil when it has one name.
    static func undoRefusal(_ source: FileByteSource, path: String) -> PDFError? {
        refusal(source, path: path, doing: "undoing would give this name the earlier file and leave the others with the tagged one")
    }

    private static func refusal(_ source: FileByteSource, path: String, doing consequence: String) -> PDFError? {
        guard source.linkCount > 1 else { return nil }
        return PDFError(.hardLinked, "the file has \(source.linkCount) names (hard links); \(consequence)", path: path)
    }
}
