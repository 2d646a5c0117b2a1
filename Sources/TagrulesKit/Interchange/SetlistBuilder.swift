import Foundation
import MetadataModel

/// Builds the Open Setlist (4SS) `tagrules setlist` writes (file-types.txt, "Open Setlist (4SS)
/// Format") from scores already filtered.
package struct SetlistBuilder {
    /// The setlist's name (the root's required `title`).
    var title: String
    /// `--sort`; `nil` keeps the order of the command line.
    var order: SetlistOrder?
    /// `--bookmarks`: a score with bookmarks is listed as its bookmarks.
    var bookmarks = false
    /// `--embed`: each score entry carries its PDF as `data` (forScore 14.3+).
    var embed = false
    /// `--placeholder`: placeholder titles appended after the scores.
    var placeholders: [String] = []
    /// The surnames `--sort composer` sorts by; by default each name's last word.
    var surname: @Sendable (String) -> String = SetlistOrder.lastWord

    /// The setlist: one `score` entry per score (path = its file name, title = the title
    /// forScore shows), or with `bookmarks` one `bookmark` entry per bookmark of a score that
    /// has any; then the placeholders.
    ///
    /// - Throws: `CLIError` (`unreadable-input`) when `embed` cannot read a PDF.
    package func setlist(_ scores: [ExchangeScore]) throws(CLIError) -> Setlist {
        let sorted = order.map {
            $0.sorted(scores, filename: \.filename, metadata: \.metadata, folding: .foundation, surname: surname)
        } ?? scores
        var entries: [Setlist.Entry] = []
        for score in sorted {
            let marks = bookmarks ? score.loaded.bookmarks : []
            if marks.isEmpty {
                let data = embed ? try Self.bytes(of: score.loaded.path) : nil
                entries.append(.score(path: score.filename, title: score.metadata.shownTitle(filename: score.filename), data: data))
            } else {
                entries += marks.map { .bookmark(path: score.filename, title: $0.title) }
            }
        }
        entries += placeholders.map { .placeholder(title: $0) }
        return Setlist(title: title, entries: entries)
    }

    private static func bytes(of path: String) throws(CLIError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError(.unreadableInput, "cannot read the PDF to embed it", path: path)
        }
        return [UInt8](data)
    }

    /// Creates the builder of the setlist `title`.
    package init(
        title: String, order: SetlistOrder? = nil, bookmarks: Bool = false, embed: Bool = false,
        placeholders: [String] = [], surname: @escaping @Sendable (String) -> String = SetlistOrder.lastWord
    ) {
        self.surname = surname
        self.title = title
        self.order = order
        self.bookmarks = bookmarks
        self.embed = embed
        self.placeholders = placeholders
    }
}
