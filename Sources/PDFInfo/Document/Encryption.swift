/// What a document's /Encrypt dictionary says (ISO 32000-1 §7.6; 32000-2 §7.6.4).
public struct EncryptionDescription: Sendable, Hashable, Codable {
    /// The security handler, e.g. `Standard` or `Adobe.PubSec`.
    public var filter: String
    /// /V, the algorithm version.
    public var version: Int
    /// /R, the standard handler's revision (nil for other handlers).
    public var revision: Int?
    /// Key length in bits, when stated or implied.
    public var keyLength: Int?
    /// A short human name: `RC4-40`, `RC4-128`, `AES-128`, `AES-256`, or the handler's name.
    public var method: String
    /// /P, the permission flags, when present.
    public var permissions: Int32?
    /// /EncryptMetadata (default true).
    public var encryptsMetadata: Bool

    /// Whether the modify permission (/P bit 4, Table 22) is granted.
    public var allowsModification: Bool { permissions.map { $0 & (1 << 3) != 0 } ?? true }
    /// Whether the file was opened (with the empty or the given password) and can be read and written.
    public var isOpen: Bool
    /// Whether it was opened with the owner password (which lifts the permission restrictions).
    public var openedWithOwnerPassword: Bool
}

extension PDFDocument {
    /// The encryption in force, or nil for an unencrypted file.
    public func encryption() throws(PDFError) -> EncryptionDescription? {
        guard let encrypt = try encryptDictionary() else { return nil }
        let filter = encrypt["Filter"]?.nameValue?.string ?? "Standard"
        let version = encrypt["V"]?.integerValue ?? 0
        let revision = encrypt["R"]?.integerValue
        var keyLength = encrypt["Length"]?.integerValue
        var method: String
        switch version {
        case 1:
            keyLength = 40
            method = "RC4-40"
        case 2, 3:
            // The key that opened the file tells its length when /Length does not.
            let bits = security.map { $0.keyLength * 8 } ?? keyLength ?? 40
            keyLength = bits
            method = "RC4-\(bits)"
        case 4:
            let cryptFilter = encrypt["StmF"]?.nameValue.flatMap { name in
                encrypt["CF"]?.dictionaryValue?[name]?.dictionaryValue
            }
            switch cryptFilter?["CFM"]?.nameValue {
            case "AESV2"?: method = "AES-128"; keyLength = 128
            case "V2"?: method = "RC4-128"; keyLength = keyLength ?? 128
            default: method = "Identity"
            }
        case 5:
            method = "AES-256"
            keyLength = 256
        default:
            method = "unknown (V \(version))"
        }
        if filter != "Standard" { method = "\(filter) \(method)" }
        let permissions = encrypt["P"]?.integerValue.map { Int32(truncatingIfNeeded: $0) }
        let encryptsMetadata: Bool
        if case .bool(let flag)? = encrypt["EncryptMetadata"] { encryptsMetadata = flag } else { encryptsMetadata = true }
        return EncryptionDescription(
            filter: filter, version: version, revision: revision, keyLength: keyLength,
            method: method, permissions: permissions, encryptsMetadata: encryptsMetadata,
            isOpen: security != nil, openedWithOwnerPassword: security?.openedWithOwnerPassword ?? false
        )
    }
}
