/// The password checks of revisions 5 and 6, which recover the stored 256-bit file key
/// (ISO 32000-2 §7.6.4.3.3 Algorithm 2.A, §7.6.4.3.4 Algorithm 2.B, §7.6.4.4 Algorithms 11
/// and 12). Revision 5 (Adobe's extension level 3, deprecated by ISO 32000-2) hashes with plain
/// SHA-256 where revision 6 runs Algorithm 2.B.
///
/// /U and /O each hold a 32-byte hash, an 8-byte validation salt and an 8-byte key salt.
struct AES256KeyDerivation {
    let parameters: EncryptionParameters

    /// The password's bytes: UTF-8, truncated to 127 bytes (Algorithm 2.A steps (a)–(b)).
    ///
    /// The standard asks for the SASLprep profile (RFC 4013) before UTF-8. That step is left
    /// out, as qpdf leaves it out: it only changes passwords with unusual characters
    /// (non-ASCII spaces, soft hyphens, compatibility forms) and would need an NFKC
    /// normalisation the standard library does not offer.
    static func passwordBytes(_ password: String) -> [UInt8] { Array(password.utf8.prefix(127)) }

    /// Algorithm 11 and 2.A step (e): the file key when `password` is the user password.
    func authenticateUser(_ password: [UInt8]) throws(PDFError) -> [UInt8]? {
        let user = parameters.user
        guard try hash(password, salt: user[32..<40], userData: []) == Array(user[0..<32]) else { return nil }
        let intermediate = try hash(password, salt: user[40..<48], userData: [])
        return try AESCBC.decryptBlocks(parameters.userEncryptedKey[...], key: intermediate)
    }

    /// Algorithm 12 and 2.A step (d): the file key when `password` is the owner password.
    func authenticateOwner(_ password: [UInt8]) throws(PDFError) -> [UInt8]? {
        let owner = parameters.owner
        let user = parameters.user
        guard try hash(password, salt: owner[32..<40], userData: user) == Array(owner[0..<32]) else { return nil }
        let intermediate = try hash(password, salt: owner[40..<48], userData: user)
        return try AESCBC.decryptBlocks(parameters.ownerEncryptedKey[...], key: intermediate)
    }

    /// The 32-byte hash of password ‖ salt ‖ userData: SHA-256 for revision 5, Algorithm 2.B
    /// for revision 6.
    func hash(_ password: [UInt8], salt: ArraySlice<UInt8>, userData: [UInt8]) throws(PDFError) -> [UInt8] {
        let initial = Digests.sha256(password + salt + userData)
        guard parameters.revision >= 6 else { return initial }
        return try Self.hardenedHash(initial, password: password, userData: userData)
    }

    /// Algorithm 2.B: from K = SHA-256(input), repeat rounds of
    /// E = AES-128-CBC(key K[0..<16], IV K[16..<32], (password ‖ K ‖ userData) × 64) and
    /// K = SHA-256/384/512(E), chosen by the first 16 bytes of E modulo 3; stop after round 64
    /// (counting from 1, as qpdf and pdf.js do) once E's last byte ≤ round − 32.
    static func hardenedHash(_ initial: [UInt8], password: [UInt8], userData: [UInt8]) throws(PDFError) -> [UInt8] {
        var k = initial
        var round = 0
        while true {
            round += 1
            let block = password + k + userData
            var repeated: [UInt8] = []
            repeated.reserveCapacity(block.count * 64)
            for _ in 0..<64 { repeated += block }
            let e = try AESCBC.encryptBlocks(repeated, key: k[0..<16], iv: k[16..<32])
            // 256 ≡ 1 (mod 3), so the 128-bit big-endian number is ≡ the sum of its bytes.
            switch e.prefix(16).reduce(0, { $0 + Int($1) }) % 3 {
            case 0: k = Digests.sha256(e)
            case 1: k = Digests.sha384(e)
            default: k = Digests.sha512(e)
            }
            if round >= 64, let last = e.last, Int(last) <= round - 32 { break }
        }
        return Array(k.prefix(32))
    }
}
