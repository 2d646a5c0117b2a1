/// Options for writing an update.
public struct WriteOptions: Sendable, Hashable {
    /// Write even when the file was repaired while reading, is certified with DocMDP P=2/3,
    /// is signed, or denies modification. A DocMDP P=1 file is never written.
    public var force: Bool

    public init(force: Bool = false) { self.force = force }
}

extension PDFDocument {
    /// Throws when an incremental update must not be written (pdf-notes §1.15, §7).
    public func checkWritable(_ options: WriteOptions = .init()) throws(PDFError) {
        if let securityError { throw securityError }
        if let encryption = try encryption(), !encryption.allowsModification, !encryption.openedWithOwnerPassword, !options.force {
            throw PDFError(.permissionDenied, "encrypted (\(encryption.method)) and its permissions do not allow changes (give the owner password, or use --force to write anyway)", path: path)
        }
        if wasRepaired && !options.force {
            let reason = repairReason.map { " (\($0.message))" } ?? ""
            throw PDFError(.repairedFile, "the cross-reference data is damaged\(reason) and had to be reconstructed; writing would hide objects from other readers (use --force to write anyway)", path: path)
        }
        let signatures = try signatureState()
        if signatures.docMDPPermission == 1 {
            throw PDFError(.certified, "certified with DocMDP permission 1 (no changes allowed)", path: path)
        }
        if signatures.isSigned && !options.force {
            throw PDFError(.signed, "digitally signed; an update leaves the signature valid but viewers will show the document as changed after signing (use --force to write anyway)", path: path)
        }
    }
}
