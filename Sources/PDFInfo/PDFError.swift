/// The one error type of PDFInfo: what went wrong, where in the file, and which file.
///
/// Descriptions are what users read: one line, lowercase, naming the file and the byte offset.
public struct PDFError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable, machine-readable kinds of failure.
    public enum Code: String, Sendable, Hashable, Codable {
        case ioFailure = "io-failure"
        case notAPDF = "not-a-pdf"
        case emptyFile = "empty-file"
        case malformed = "malformed"
        case unreadableXref = "unreadable-xref"
        case noCatalog = "no-catalog"
        case encrypted = "encrypted"
        case needsPassword = "needs-password"
        case unsupportedEncryption = "unsupported-encryption"
        case repairedFile = "repaired-file"
        case certified = "certified"
        case signed = "signed"
        case permissionDenied = "permission-denied"
        /// The file has more than one name (hard links): replacing it would leave the others
        /// with the old contents.
        case hardLinked = "hard-linked"
        case notOwnRevision = "not-own-revision"
        case ownRevisionNotLast = "own-revision-not-last"
        case fileChanged = "file-changed"
        case limitExceeded = "limit-exceeded"
    }

    /// What kind of failure this is.
    public var code: Code
    /// One clear sentence, lowercase, without the path.
    public var message: String
    /// The file concerned, when known.
    public var path: String?
    /// Byte offset in the file (from byte 0), when the failure has a location.
    public var offset: Int?

    /// Creates an error.
    public init(_ code: Code, _ message: String, path: String? = nil, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.offset = offset
    }

    /// The same error, naming `path`.
    public func inFile(_ path: String) -> PDFError {
        var copy = self
        copy.path = path
        return copy
    }

    public var description: String {
        var text = message
        if let offset { text += " at offset \(offset)" }
        if let path { return "\(path): \(text)" }
        return text
    }
}
