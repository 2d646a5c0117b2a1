/// The four document Info values forScore reads (pdf-metadata.txt, "PDF Specification"):
/// `/Title`, `/Author`, `/Subject` and `/Keywords`, as text strings.
///
/// `nil` means the entry is absent. Other Info entries (`/Composer`, `/Creator`, custom keys)
/// are invisible to forScore and have no place here.
public struct InfoStrings: Sendable, Hashable, Codable {
    /// `/Title`: the title, used as-is.
    public var title: String?
    /// `/Author`: comma-separated composers.
    public var author: String?
    /// `/Subject`: comma-separated genres.
    public var subject: String?
    /// `/Keywords`: comma-separated tags and special keywords.
    public var keywords: String?

    /// Creates Info values; every entry defaults to absent. Inlinable, like `ScoreMetadata`'s.
    @inlinable
    public init(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
    }
}
