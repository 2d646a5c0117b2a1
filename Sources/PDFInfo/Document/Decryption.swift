/// Decryption of what the reader reads from an encrypted file (ISO 32000-1 §7.6.2; pdf-notes §4.1):
/// the strings of every uncompressed object and the data of every stream, each with the key of
/// its own object. Not encrypted: the /Encrypt dictionary, xref streams, the trailer (/ID), and
/// objects inside object streams (their container stream is decrypted whole).
extension PDFDocument {
    /// The decrypted value of the object `ref`, as read from the file.
    /// Taken as its own: unencrypted, the value is handed back without a copy.
    func decrypted(_ value: consuming IndirectValue, ref: ObjectRef) throws(PDFError) -> IndirectValue {
        guard let security, ref.number != encryptRef?.number else { return value }
        let decrypt = { (bytes: [UInt8]) throws(PDFError) -> [UInt8] in try security.decryptString(bytes, in: ref) }
        switch value {
        case .object(let object):
            return .object(try object.mappingStrings(decrypt))
        case .stream(var stream):
            guard stream.dictionary["Type"]?.nameValue != "XRef" else { return value }
            stream.dictionary = try stream.dictionary.mappingStrings(decrypt)
            return .stream(stream)
        }
    }

    /// The function that decrypts `stream`'s raw data, or nil when it is stored in the clear.
    func streamDecryption(for stream: PDFStream) -> ((_ raw: [UInt8], _ cryptFilter: String?) throws(PDFError) -> [UInt8])? {
        Self.streamDecryption(for: stream, security: security)
    }

    /// ``streamDecryption(for:)`` with the security handler `security` (nil: not encrypted).
    static func streamDecryption(
        for stream: PDFStream, security: SecurityHandler?
    ) -> ((_ raw: [UInt8], _ cryptFilter: String?) throws(PDFError) -> [UInt8])? {
        guard let security, stream.dictionary["Type"]?.nameValue != "XRef" else { return nil }
        let isMetadata = stream.dictionary["Type"]?.nameValue == "Metadata"
        return { raw, cryptFilter throws(PDFError) in
            try security.decryptStream(raw, in: stream.ref, isMetadata: isMetadata, cryptFilterName: cryptFilter)
        }
    }

    /// Builds the security handler for the trailer's /Encrypt (empty password unless given).
    /// A file it cannot open stays readable in structure; its Info then throws `securityError`.
    func setUpSecurity(password: String?) throws(PDFError) {
        security = nil
        securityError = nil
        // Looked up once: most trailers have no /Encrypt, and a miss compares every key.
        let encryptEntry = trailer["Encrypt"]
        encryptRef = encryptEntry?.referenceValue
        guard let encryptEntry else { return }
        guard let encrypt = try encryptDictionary() else {
            securityError = PDFError(.unsupportedEncryption, "the /Encrypt dictionary is missing or damaged", path: path)
            return
        }
        let firstID = (try resolve(trailer["ID"]).arrayValue?.first?.stringBytes) ?? []
        do {
            security = try SecurityHandler(encrypt: encrypt, firstFileID: firstID, password: password ?? "")
        } catch {
            securityError = error.path == nil ? error.inFile(path ?? "") : error
            if path == nil { securityError?.path = nil }
        }
        clearCaches()
    }

    /// The trailer's /Encrypt dictionary with its values resolved, and those of its crypt
    /// filters (/CF and each filter in it may be indirect objects, §7.3.10); nil when there is
    /// none.
    func encryptDictionary() throws(PDFError) -> PDFDictionary? {
        guard trailer["Encrypt"] != nil, var encrypt = try resolve(trailer["Encrypt"]).dictionaryValue else { return nil }
        for entry in encrypt.entries {
            encrypt[entry.key] = try resolve(entry.value)
        }
        if var filters = encrypt["CF"]?.dictionaryValue {
            for entry in filters.entries {
                filters[entry.key] = try resolve(entry.value)
            }
            encrypt["CF"] = .dictionary(filters)
        }
        return encrypt
    }
}
