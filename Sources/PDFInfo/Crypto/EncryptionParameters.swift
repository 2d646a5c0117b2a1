/// The entries of a standard security handler's encryption dictionary, checked and with
/// defaults applied (ISO 32000-1 §7.6.1 Table 20, §7.6.3.2 Table 21; ISO 32000-2 §7.6.4).
struct EncryptionParameters: Sendable {
    /// /V: 1 and 2 (RC4), 4 (crypt filters, 128-bit key), 5 (crypt filters, 256-bit key).
    var version: Int
    /// /R: 2–4 derive the key from the password with MD5; 5 and 6 store it encrypted in /UE, /OE.
    var revision: Int
    /// The file key's length in bytes.
    var keyLength: Int
    /// The key lengths to try, in bytes: `keyLength`, unless /Length is missing or invalid for
    /// V2, where the standard's default (40 bits) is tried first and then the 128 bits qpdf
    /// assumes; the password check tells which is right.
    var keyLengthCandidates: [Int]
    /// /O and /U: password checks (32 bytes up to R4, 48 from R5; longer values are truncated).
    var owner: [UInt8]
    var user: [UInt8]
    /// /OE and /UE (R5, R6): the file key encrypted with the owner's and the user's password.
    var ownerEncryptedKey: [UInt8]
    var userEncryptedKey: [UInt8]
    /// /P, the permission flags (Table 22), as a signed 32-bit integer.
    var permissions: Int32
    /// /EncryptMetadata (V4, V5; default true).
    var encryptsMetadata: Bool
    /// The methods of /StrF and /StmF (both RC4 for V1 and V2; default /Identity for V4, V5).
    var stringMethod: CryptMethod
    var streamMethod: CryptMethod
    /// /CF: each crypt filter's /CFM name, for streams that name their own filter.
    private var filterMethods: [String: String]

    /// Reads `encrypt`, a standard handler's encryption dictionary.
    /// - Throws: `.unsupportedEncryption` for another handler (e.g. the public-key handler),
    ///   an unsupported /V–/R pair, a /Length out of range, or an unknown /CFM in use;
    ///   `.malformed` when /O, /U, /P (or /OE, /UE from R5) are missing or too short.
    init(_ encrypt: PDFDictionary) throws(PDFError) {
        let filter = encrypt["Filter"]?.nameValue?.string ?? "Standard"
        guard filter == "Standard" else {
            throw PDFError(.unsupportedEncryption, "the /\(filter) security handler is not supported; only the password-based /Standard handler is")
        }
        version = encrypt["V"]?.integerValue ?? 0
        revision = encrypt["R"]?.integerValue ?? 0
        guard [1, 2, 4, 5].contains(version), (2...6).contains(revision), (version == 5) == (revision >= 5) else {
            throw PDFError(.unsupportedEncryption, "encryption /V \(version) /R \(revision) is not supported")
        }
        guard let owner = encrypt["O"]?.stringBytes, let user = encrypt["U"]?.stringBytes else {
            throw PDFError(.malformed, "encryption dictionary lacks /O or /U")
        }
        guard let permissions = encrypt["P"]?.integerValue else {
            throw PDFError(.malformed, "encryption dictionary lacks /P")
        }
        self.permissions = Int32(truncatingIfNeeded: permissions)
        if revision >= 5 {
            guard owner.count >= 48, user.count >= 48,
                let ownerKey = encrypt["OE"]?.stringBytes, ownerKey.count >= 32,
                let userKey = encrypt["UE"]?.stringBytes, userKey.count >= 32
            else { throw PDFError(.malformed, "encryption dictionary has no valid /O, /U, /OE and /UE for revision \(revision)") }
            self.owner = Array(owner.prefix(48))
            self.user = Array(user.prefix(48))
            ownerEncryptedKey = Array(ownerKey.prefix(32))
            userEncryptedKey = Array(userKey.prefix(32))
        } else {
            self.owner = Array(owner.prefix(32))
            self.user = Array(user.prefix(32))
            ownerEncryptedKey = []
            userEncryptedKey = []
        }
        if version >= 4, case .bool(let flag)? = encrypt["EncryptMetadata"] {
            encryptsMetadata = flag
        } else {
            encryptsMetadata = true
        }
        var filterMethods: [String: String] = [:]
        for entry in encrypt["CF"]?.dictionaryValue?.entries ?? [] {
            filterMethods[entry.key.string] = entry.value.dictionaryValue?["CFM"]?.nameValue?.string ?? "None"
        }
        self.filterMethods = filterMethods
        keyLengthCandidates = try Self.keyLengths(encrypt, version: version)
        keyLength = keyLengthCandidates[0]
        if version >= 4 {
            stringMethod = .identity
            streamMethod = .identity
            stringMethod = try method(named: encrypt["StrF"]?.nameValue?.string ?? "Identity")
            streamMethod = try method(named: encrypt["StmF"]?.nameValue?.string ?? "Identity")
        } else {
            stringMethod = .rc4
            streamMethod = .rc4
        }
    }

    /// The method of the crypt filter `name` (a /CF entry, or /Identity).
    /// - Throws: `.unsupportedEncryption` for a filter /CF does not define, an unknown /CFM, or
    ///   an AES method whose key length does not match the file key.
    func method(named name: String) throws(PDFError) -> CryptMethod {
        if name == "Identity" { return .identity }
        guard let cfm = filterMethods[name] else {
            throw PDFError(.unsupportedEncryption, "crypt filter /\(name) is not defined in the encryption dictionary")
        }
        guard let method = CryptMethod(cfm: cfm) else {
            throw PDFError(.unsupportedEncryption, "crypt filter method /\(cfm) is not supported")
        }
        if method == .aesV2 && keyLength != 16 || method == .aesV3 && keyLength != 32 {
            throw PDFError(.unsupportedEncryption, "crypt filter method /\(cfm) with a \(keyLength * 8)-bit key is not supported")
        }
        return method
    }

    /// The file key lengths in bytes to try: 5 for V1; /Length bits for V2, or 40 then 128 bits
    /// when it is missing or not a multiple of 8 in 40…128 (qpdf takes 128); for V4 /Length,
    /// else the stream filter's /Length (bytes when below 40, as some writers put it), else 128
    /// bits; 32 bytes for V5.
    private static func keyLengths(_ encrypt: PDFDictionary, version: Int) throws(PDFError) -> [Int] {
        func valid(_ bits: Int?) -> Bool { bits.map { (40...128).contains($0) && $0 % 8 == 0 } ?? false }
        switch version {
        case 1: return [5]
        case 5: return [32]
        case 2:
            let bits = encrypt["Length"]?.integerValue
            return valid(bits) ? [bits! / 8] : [5, 16]
        default:
            let streamFilter = encrypt["StmF"]?.nameValue.flatMap { encrypt["CF"]?.dictionaryValue?[$0]?.dictionaryValue }
            var bits = encrypt["Length"]?.integerValue ?? streamFilter?["Length"]?.integerValue ?? 128
            if bits < 40 { bits = bits &* 8 }
            guard valid(bits) else {
                throw PDFError(.unsupportedEncryption, "encryption key length \(bits) bits is not supported")
            }
            return [bits / 8]
        }
    }

    /// A short human name of the strongest method in use: RC4-40 … RC4-128, AES-128, AES-256,
    /// or Identity when a V4 handler encrypts nothing by default.
    var methodName: String {
        let methods = [streamMethod, stringMethod]
        if version == 5 || methods.contains(.aesV3) { return "AES-256" }
        if methods.contains(.aesV2) { return "AES-128" }
        if version < 4 || methods.contains(.rc4) { return "RC4-\(keyLength * 8)" }
        return "Identity"
    }
}
