/// The standard security handler opened with a password, ready to decrypt what a reader reads
/// and to encrypt what the incremental writer appends (ISO 32000-1 §7.6.3; ISO 32000-2 §7.6.4).
///
/// Supported: revisions 2 and 3 (RC4, 40–128 bits), revision 4 (crypt filters /V2 or /AESV2
/// through /CF, /StmF, /StrF, with /Identity), revision 5 (Adobe extension level 3) and
/// revision 6 (AESV3).
///
/// Not done: /Perms (R5, R6) is not checked against /P, since qpdf only warns on a mismatch
/// and the handler honours /P; /EFF (the embedded files' filter) is not applied on its own:
/// a caller decrypting an embedded file passes its name as `cryptFilterName`.
struct SecurityHandler: Sendable {
    private let parameters: EncryptionParameters
    /// The file encryption key (Algorithm 2, or /UE or /OE decrypted): what Algorithm 1 salts per object.
    let fileKey: [UInt8]

    /// Whether the password given is the owner password (it may also be the user password).
    let openedWithOwnerPassword: Bool
    /// The source of AES initialisation vectors for `encryptString` and `encryptStream`.
    var initializationVectors = InitializationVectors.system

    /// Opens the handler of `encrypt` with `password`, tried as user and as owner password
    /// (Algorithms 6 and 7 for R2–R4; Algorithms 11 and 12 for R5 and R6).
    ///
    /// For R2–R4 the password is converted to PDFDocEncoding and padded or truncated to
    /// 32 bytes (its UTF-8 bytes are tried next); for R5 and R6 it is UTF-8 truncated to 127
    /// bytes, without SASLprep.
    /// - Parameters:
    ///   - encrypt: the /Encrypt dictionary with references resolved and strings as read (strings
    ///     of the encryption dictionary are never encrypted).
    ///   - firstFileID: the first string of the trailer's /ID, or empty when there is none.
    ///   - password: the user or owner password; empty by default.
    /// - Throws: `.needsPassword` when the password opens the file neither as user nor as owner;
    ///   `.unsupportedEncryption` for a handler other than /Standard, unsupported /V–/R pairs and
    ///   unknown crypt filter methods; `.malformed` when required entries are missing.
    init(encrypt: PDFDictionary, firstFileID: [UInt8], password: String = "") throws(PDFError) {
        var parameters = try EncryptionParameters(encrypt)
        var userKey: [UInt8]?
        var ownerKey: [UInt8]?
        if parameters.revision >= 5 {
            let derivation = AES256KeyDerivation(parameters: parameters)
            let bytes = AES256KeyDerivation.passwordBytes(password)
            userKey = try derivation.authenticateUser(bytes)
            ownerKey = try derivation.authenticateOwner(bytes)
        } else {
            guard Digests.md5IsAvailable else {
                throw PDFError(
                    .unsupportedEncryption,
                    "revision \(parameters.revision) encryption needs MD5, which this system's crypto library refuses (a FIPS-only configuration)")
            }
            for keyLength in parameters.keyLengthCandidates where userKey == nil && ownerKey == nil {
                parameters.keyLength = keyLength
                let derivation = MD5KeyDerivation(parameters: parameters, firstFileID: firstFileID)
                for bytes in MD5KeyDerivation.passwordCandidates(password) where userKey == nil && ownerKey == nil {
                    userKey = derivation.authenticateUser(bytes)
                    ownerKey = derivation.authenticateOwner(bytes)
                }
            }
        }
        guard let key = userKey ?? ownerKey else {
            throw PDFError(
                .needsPassword,
                password.isEmpty
                    ? "the file needs a password to open; give it with --password"
                    : "the password given opens the file neither as user nor as owner password")
        }
        self.parameters = parameters
        fileKey = key
        openedWithOwnerPassword = ownerKey != nil
    }

    /// /R, the handler's revision (2–6).
    var revision: Int { parameters.revision }
    /// /V, the algorithm version (1, 2, 4 or 5).
    var version: Int { parameters.version }
    /// The file key's length in bytes (5–16 for RC4, 16 for AES-128, 32 for AES-256).
    var keyLength: Int { parameters.keyLength }
    /// A short name of the method: `RC4-40` … `RC4-128`, `AES-128`, `AES-256` (or `Identity`).
    var method: String { parameters.methodName }
    /// /P, the permission flags (ISO 32000-1 Table 22).
    var permissions: Int32 { parameters.permissions }
    /// /EncryptMetadata: whether the document's XMP stream is encrypted (default true).
    var encryptsMetadata: Bool { parameters.encryptsMetadata }

    /// Decrypts a string of object `ref` with the /StrF method. The caller guarantees the
    /// string is not inside an object stream (those are decrypted whole) nor in /Encrypt.
    func decryptString(_ bytes: [UInt8], in ref: ObjectRef) throws(PDFError) -> [UInt8] {
        try parameters.stringMethod.decrypt(bytes, fileKey: fileKey, ref: ref)
    }

    /// Decrypts the raw data of stream object `ref`, before its /Filter is decoded.
    /// - Parameters:
    ///   - isMetadata: the stream is the catalog's /Metadata: left unchanged when
    ///     /EncryptMetadata is false, and also when its data is plain XMP (`<?xpacket`), as
    ///     some writers leave it despite the flag.
    ///   - cryptFilterName: the /Name of the stream's own /Crypt filter (ISO 32000-1 §7.4.10),
    ///     which overrides /StmF; `Identity` leaves the data unchanged.
    /// - Throws: `.unsupportedEncryption` when the stream names an unknown crypt filter.
    func decryptStream(_ bytes: [UInt8], in ref: ObjectRef, isMetadata: Bool, cryptFilterName: String?) throws(PDFError) -> [UInt8] {
        if isMetadata && (!encryptsMetadata || bytes.starts(with: Self.xpacketStart)) { return bytes }
        let method = try cryptFilterName.map { name throws(PDFError) in try parameters.method(named: name) } ?? parameters.streamMethod
        return try method.decrypt(bytes, fileKey: fileKey, ref: ref)
    }

    /// Encrypts a new string for object `ref` with the /StrF method: RC4, or AES-CBC with a
    /// fresh IV in front and PKCS #5 padding.
    func encryptString(_ bytes: [UInt8], in ref: ObjectRef) throws(PDFError) -> [UInt8] {
        try parameters.stringMethod.encrypt(bytes, fileKey: fileKey, ref: ref, ivs: initializationVectors)
    }

    /// Encrypts new stream data (already /Filter-encoded) for object `ref` with the /StmF
    /// method; the catalog's XMP (`isMetadata`) stays plain when /EncryptMetadata is false.
    func encryptStream(_ bytes: [UInt8], in ref: ObjectRef, isMetadata: Bool) throws(PDFError) -> [UInt8] {
        if isMetadata && !encryptsMetadata { return bytes }
        return try parameters.streamMethod.encrypt(bytes, fileKey: fileKey, ref: ref, ivs: initializationVectors)
    }

    private static let xpacketStart = Array("<?xpacket".utf8)
}
