import PDFInfo

/// Drops the scores of files read twice: the last step of discovery for the files it took on
/// their names (`FileDiscovery.Listing.undescribed`), whose identity is known only once they
/// are opened.
enum RepeatedFiles {
    /// `scores` without each one whose file (device and inode) is that of an earlier score — a
    /// hard link, or a symbolic link, to a file read before — so that each file is listed once,
    /// under the first path, as discovery lists the files it described; `listings` (of the
    /// same files) without the same ones. A file that could not be opened is looked up by its
    /// path, so that two links to one unreadable file give one error; one that cannot be
    /// looked up either is kept.
    static func firstOfEach(
        _ scores: [LoadedScore], listings: [FileDiscovery.Listing]
    ) -> (scores: [LoadedScore], listings: [FileDiscovery.Listing]) {
        var seen = Set<FileIdentity>(minimumCapacity: scores.count)
        let kept = scores.indices.filter { index in
            guard let identity = scores[index].identity ?? FileStamp.lookUp(scores[index].path)?.stamp.identity else {
                return true
            }
            return seen.insert(identity).inserted
        }
        guard kept.count < scores.count else { return (scores, listings) }
        return (kept.map { scores[$0] }, kept.map { $0 < listings.count ? listings[$0] : .reached })
    }
}
