/// How one crypt filter encrypts data (ISO 32000-1 §7.6.5, Table 25 /CFM), and the per-object
/// key it uses (§7.6.3.2 Algorithm 1; ISO 32000-2 §7.6.3.3 Algorithm 1.A).
enum CryptMethod: Sendable, Hashable {
    /// /Identity, or /CFM /None: data is left as it is.
    case identity
    /// RC4 with the per-object key: security handlers V1 and V2, and /CFM /V2.
    case rc4
    /// AES-128-CBC with the per-object key salted with "sAlT": /CFM /AESV2.
    case aesV2
    /// AES-256-CBC with the file key itself: /CFM /AESV3.
    case aesV3

    /// The method a /CFM name stands for, or nil for a name the standard does not define.
    init?(cfm: String) {
        switch cfm {
        case "None", "Identity": self = .identity
        case "V2": self = .rc4
        case "AESV2": self = .aesV2
        case "AESV3": self = .aesV3
        default: return nil
        }
    }

    /// The key that encrypts the strings and streams of object `ref` (Algorithm 1).
    ///
    /// RC4 and AESV2: MD5(file key ‖ object number, 3 bytes little-endian ‖ generation, 2 bytes
    /// little-endian ‖ "sAlT" for AES), truncated to min(n + 5, 16) bytes. AESV3 uses the file
    /// key unchanged (Algorithm 1.A).
    func objectKey(fileKey: [UInt8], for ref: ObjectRef) -> [UInt8] {
        switch self {
        case .identity, .aesV3:
            return fileKey
        case .rc4, .aesV2:
            var input = fileKey
            input += [
                UInt8(truncatingIfNeeded: ref.number), UInt8(truncatingIfNeeded: ref.number >> 8),
                UInt8(truncatingIfNeeded: ref.number >> 16),
                UInt8(truncatingIfNeeded: ref.generation), UInt8(truncatingIfNeeded: ref.generation >> 8),
            ]
            if self == .aesV2 { input += Array("sAlT".utf8) }
            return Array(Digests.md5(input).prefix(min(fileKey.count + 5, 16)))
        }
    }

    /// Decrypts the bytes of a string or stream of object `ref`.
    func decrypt(_ bytes: [UInt8], fileKey: [UInt8], ref: ObjectRef) throws(PDFError) -> [UInt8] {
        switch self {
        case .identity: return bytes
        case .rc4: return RC4.apply(key: objectKey(fileKey: fileKey, for: ref), to: bytes)
        case .aesV2, .aesV3: return try AESCBC.decrypt(bytes, key: objectKey(fileKey: fileKey, for: ref))
        }
    }

    /// Encrypts the bytes of a string or stream of object `ref`; AES takes the IV from `ivs`.
    func encrypt(
        _ bytes: [UInt8], fileKey: [UInt8], ref: ObjectRef, ivs: InitializationVectors
    ) throws(PDFError) -> [UInt8] {
        switch self {
        case .identity: return bytes
        case .rc4: return RC4.apply(key: objectKey(fileKey: fileKey, for: ref), to: bytes)
        case .aesV2, .aesV3: return try AESCBC.encrypt(bytes, key: objectKey(fileKey: fileKey, for: ref), iv: ivs.next())
        }
    }
}
