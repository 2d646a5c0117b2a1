import CCrypto

/// AES in CBC mode as the standard security handler uses it, on top of the system's crypto
/// library through CCrypto (ISO 32000-1 §7.6.2 for AESV2, ISO 32000-2 §7.6.3.2 for AESV3).
///
/// Encrypted strings and streams carry their 16-byte initialisation vector in front of the
/// ciphertext, and the plaintext is padded as in PKCS #5 (RFC 8018 §6.1.1).
enum AESCBC {
    static let blockSize = 16

    /// Decrypts `data` = IV ‖ ciphertext with `key` (16 or 32 bytes).
    ///
    /// Damage is tolerated the way pdf.js and qpdf tolerate it, so that a reader still gets the
    /// bytes a viewer shows:
    /// - fewer than 32 bytes (no IV and whole block after it) decrypt to nothing;
    /// - a trailing partial block is dropped: only whole blocks are decrypted;
    /// - padding that is not valid PKCS #5 (last byte outside 1…16, or the last n bytes not all
    ///   equal to n) is kept as data instead of failing.
    static func decrypt(_ data: [UInt8], key: [UInt8]) throws(PDFError) -> [UInt8] {
        guard data.count >= 2 * blockSize else { return [] }
        let iv = data[..<blockSize]
        let wholeBlocks = (data.count - blockSize) / blockSize * blockSize
        let ciphertext = data[blockSize..<(blockSize + wholeBlocks)]
        var plain = try decryptBlocks(ciphertext, key: key, iv: iv)
        if let pad = plain.last, pad >= 1, Int(pad) <= blockSize, plain.suffix(Int(pad)).allSatisfy({ $0 == pad }) {
            plain.removeLast(Int(pad))
        }
        return plain
    }

    /// Encrypts `data` with `key` and the 16-byte `iv`, PKCS #5-padded; returns IV ‖ ciphertext.
    static func encrypt(_ data: [UInt8], key: [UInt8], iv: [UInt8]) throws(PDFError) -> [UInt8] {
        try iv + run(encrypting: true, data[...], key: key[...], iv: iv[...], padding: true)
    }

    /// CBC-encrypts whole blocks without padding (Algorithm 2.B step (b): AES-128 with the
    /// first half of K as key and the second half as IV).
    static func encryptBlocks(_ data: [UInt8], key: ArraySlice<UInt8>, iv: ArraySlice<UInt8>) throws(PDFError) -> [UInt8] {
        try run(encrypting: true, data[...], key: key, iv: iv, padding: false)
    }

    /// CBC-decrypts whole blocks without removing padding. With a zero IV and one or two blocks
    /// this is the ECB decryption of /UE, /OE and /Perms (ISO 32000-2 Algorithm 2.A steps (d),
    /// (e), and Algorithm 13).
    static func decryptBlocks(
        _ data: ArraySlice<UInt8>, key: [UInt8], iv: ArraySlice<UInt8> = zeroBlock[...]
    ) throws(PDFError) -> [UInt8] {
        try run(encrypting: false, data, key: key[...], iv: iv, padding: false)
    }

    static let zeroBlock = [UInt8](repeating: 0, count: blockSize)

    /// Runs CCrypto's one-shot AES-CBC. It fails on a key that is not 16, 24 or 32 bytes, an IV
    /// that is not 16, or data that is not whole blocks without padding — all of which the
    /// callers rule out — and that becomes a PDFError instead of a trap.
    private static func run(
        encrypting: Bool, _ data: ArraySlice<UInt8>, key: ArraySlice<UInt8>, iv: ArraySlice<UInt8>, padding: Bool
    ) throws(PDFError) -> [UInt8] {
        guard iv.count == blockSize else {
            throw PDFError(.unsupportedEncryption, "aes failed: the initialisation vector has \(iv.count) bytes, not \(blockSize)")
        }
        let capacity = data.count + blockSize
        var written = -1
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { output, count in
            written = data.withUnsafeBytes { input in
                key.withUnsafeBufferPointer { key in
                    iv.withUnsafeBufferPointer { iv in
                        ccrypto_aes_cbc(
                            encrypting ? 1 : 0, key.baseAddress, key.count, iv.baseAddress, padding ? 1 : 0,
                            input.baseAddress, input.count, output.baseAddress, capacity)
                    }
                }
            }
            count = max(written, 0)
        }
        guard written >= 0 else {
            throw PDFError(
                .unsupportedEncryption,
                "aes failed: cannot \(encrypting ? "encrypt" : "decrypt") \(data.count) bytes with a \(key.count)-byte key")
        }
        return output
    }
}
