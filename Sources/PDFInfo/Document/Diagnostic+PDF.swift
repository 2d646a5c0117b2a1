import MetadataModel

/// The codes of damage the PDF reader and writer tolerate: reported, never thrown (STYLE:
/// "damage that can be tolerated is a diagnostic"); damage that cannot be is a ``PDFError``.
extension Diagnostic.Code {
    /// No `%PDF-` header in the first 1024 bytes (ISO 32000-1 §7.5.2).
    public static let noHeader: Self = "no-header"
    /// An object could not be parsed and reads as missing.
    public static let unreadableObject: Self = "unreadable-object"
    /// The cross-reference data was damaged; objects were found by scanning the file.
    public static let xrefReconstructed: Self = "xref-reconstructed"
    /// The XMP packet could not be updated; Info was written, XMP left as it was.
    public static let xmpNotUpdated: Self = "xmp-not-updated"
}

extension Diagnostic {
    /// A file that cannot be read or written, reported rather than thrown: the error's code and
    /// message, and its byte offset when it has one.
    ///
    /// - Parameter severity: `.error` for a file that failed, lower for one that was passed over.
    public init(_ error: PDFError, severity: Severity = .error) {
        self.init(
            severity: severity, code: Code(error.code), message: error.message, location: Location(offset: error.offset))
    }
}
