/// Why a notation file beside a PDF cannot be read: the one error type of the Notation target.
///
/// The description is one line for people: the file's path, then the problem
/// (`Nocturne.mxl: entry 'score.xml' declares 9000000 bytes, more than …`).
public struct NotationError: Error, Sendable, Hashable {
    /// Stable kebab-case identifiers for tools and tests.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The file could not be read from disk.
        case ioFailure = "io-failure"
        /// The file is larger than a notation file can sensibly be.
        case tooLarge = "too-large"
        /// A ZIP archive (.mxl, .mscz) whose structure is broken: no end of central directory,
        /// an entry outside the file, a CRC or size that does not match its data.
        case damagedArchive = "damaged-archive"
        /// A ZIP archive that passes the reader's caps on entries, sizes or expansion ratio: a
        /// decompression bomb, or something that is no notation file.
        case hostileArchive = "hostile-archive"
        /// A ZIP archive that uses what the reader deliberately does not read: ZIP64,
        /// encryption, several disks, a compression method other than stored or deflated.
        case unsupportedArchive = "unsupported-archive"
        /// The archive or folder holds no score where the format puts it.
        case missingScore = "missing-score"
        /// The XML is not well-formed.
        case malformedXML = "malformed-xml"
        /// The file is not the notation format its name says (an `.xml` that is no MusicXML).
        case notNotation = "not-notation"
    }

    public var code: Code
    /// One lowercase line for people, naming the offending part of the file.
    public var message: String
    /// The file, once known (the ZIP reader learns it from its caller).
    public var path: String?

    public init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// The same error naming `path`, unless it names one already.
    func at(_ path: String) -> NotationError {
        var error = self
        if error.path == nil { error.path = path }
        return error
    }
}

extension NotationError: CustomStringConvertible {
    /// `path: message [code]`.
    public var description: String {
        (path.map { "\($0): " } ?? "") + "\(message) [\(code.rawValue)]"
    }
}
