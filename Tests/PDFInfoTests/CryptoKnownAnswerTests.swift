import Testing

@testable import PDFInfo

/// Digests and AESCBC, which call the system's crypto library through CCrypto, against the
/// published known answers, plus the padding and damage rules AESCBC adds on top.
struct CryptoKnownAnswerTests {
    // MARK: Digests

    /// RFC 1321 §A.5 (MD5) and FIPS 180-4's examples (SHA-256, SHA-384, SHA-512) for "" and "abc".
    @Test(arguments: [
        ("MD5", "", "d41d8cd98f00b204e9800998ecf8427e"),
        ("MD5", "abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("SHA-256", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("SHA-256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "SHA-384", "",
            "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b"
        ),
        (
            "SHA-384", "abc",
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"
        ),
        (
            "SHA-512", "",
            "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
                + "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
        ),
        (
            "SHA-512", "abc",
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        ),
    ])
    func digestsMatchTheStandardsExamples(algorithm: String, message: String, digest: String) {
        let bytes = Array(message.utf8)
        let hash: [UInt8]
        switch algorithm {
        case "MD5": hash = Digests.md5(bytes)
        case "SHA-256": hash = Digests.sha256(bytes)
        case "SHA-384": hash = Digests.sha384(bytes)
        default: hash = Digests.sha512(bytes)
        }
        #expect(hash == CryptoOracle.bytes(hex: digest), "\(algorithm)(\"\(message)\")")
    }

    // MARK: AES-CBC, NIST SP 800-38A

    static let iv = CryptoOracle.bytes(hex: "000102030405060708090a0b0c0d0e0f")
    /// The four plaintext blocks shared by all of SP 800-38A's examples.
    static let plain = CryptoOracle.bytes(
        hex: "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
            + "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
    static let key128 = CryptoOracle.bytes(hex: "2b7e151628aed2a6abf7158809cf4f3c")
    static let key256 = CryptoOracle.bytes(hex: "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")

    /// F.2.1 (CBC-AES128.Encrypt) and F.2.5 (CBC-AES256.Encrypt); F.2.2 and F.2.6 decrypt back.
    @Test(arguments: [
        (
            key128,
            "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
                + "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7"
        ),
        (
            key256,
            "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
                + "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b"
        ),
    ])
    func aesCBCMatchesSP800_38A(key: [UInt8], ciphertext: String) throws {
        let expected = CryptoOracle.bytes(hex: ciphertext)
        #expect(try AESCBC.encryptBlocks(Self.plain, key: key[...], iv: Self.iv[...]) == expected)
        #expect(try AESCBC.decryptBlocks(expected[...], key: key, iv: Self.iv[...]) == Self.plain)
    }

    // MARK: PKCS #7 padding

    /// Encrypting pads to the next whole block (a full block when already whole), and
    /// decrypting removes exactly that padding, with AES-128 and AES-256 keys.
    @Test(arguments: [0, 1, 15, 16, 17, 31], [key128, key256])
    func paddingRoundTrips(length: Int, key: [UInt8]) throws {
        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let encrypted = try AESCBC.encrypt(message, key: key, iv: Self.iv)
        let pad = 16 - length % 16
        #expect(encrypted.count == 16 + length + pad)
        #expect(Array(encrypted.prefix(16)) == Self.iv)
        let padded = message + [UInt8](repeating: UInt8(pad), count: pad)
        #expect(Array(encrypted.dropFirst(16)) == (try AESCBC.encryptBlocks(padded, key: key[...], iv: Self.iv[...])))
        #expect(try AESCBC.decrypt(encrypted, key: key) == message)
    }

    // MARK: Damage

    /// IV ‖ the AES-128 encryption of `blocks` (whole blocks, no padding added).
    static func sealed(_ blocks: [UInt8]) throws -> [UInt8] {
        try iv + AESCBC.encryptBlocks(blocks, key: key128[...], iv: iv[...])
    }

    /// Fewer than 32 bytes (no IV and a whole block after it) decrypt to nothing.
    @Test(arguments: [0, 1, 15, 16, 17, 31])
    func shortDataDecryptsToNothing(length: Int) throws {
        let sealed = try Self.sealed(Self.plain)
        #expect(try AESCBC.decrypt(Array(sealed.prefix(length)), key: Self.key128) == [])
    }

    /// A trailing partial block is dropped; the whole blocks before it still decrypt.
    @Test(arguments: [1, 8, 15])
    func aTrailingPartialBlockIsDropped(extra: Int) throws {
        let sealed = try Self.sealed(Self.plain)
        let damaged = sealed + [UInt8](repeating: 0xA5, count: extra)
        #expect(try AESCBC.decrypt(damaged, key: Self.key128) == Self.plain)
        #expect(try AESCBC.decrypt(Array(sealed.dropLast(16 - extra)), key: Self.key128) == Array(Self.plain.prefix(48)))
    }

    /// Padding that is not PKCS #7 stays as data; valid padding of any length 1…16 goes.
    @Test(arguments: [
        ([UInt8](repeating: 0x41, count: 15) + [0], false),  // 0 is no padding length
        ([UInt8](repeating: 0x41, count: 15) + [17], false),  // nor is anything past 16
        ([UInt8](repeating: 0x41, count: 13) + [2, 3, 3], false),  // the last 3 bytes are not all 3
        ([UInt8](repeating: 0x41, count: 8) + [UInt8](repeating: 9, count: 8), false),  // 9 bytes needed, 8 there
        ([UInt8](repeating: 0x41, count: 13) + [3, 3, 3], true),
        ([UInt8](repeating: 0x41, count: 15) + [1], true),
        ([UInt8](repeating: 16, count: 16), true),
    ])
    func invalidPaddingIsKept(lastBlock: [UInt8], isValid: Bool) throws {
        let blocks = Self.plain + lastBlock
        let decrypted = try AESCBC.decrypt(try Self.sealed(blocks), key: Self.key128)
        #expect(decrypted == (isValid ? Array(blocks.dropLast(Int(lastBlock[15]))) : blocks))
    }

    // MARK: Failures

    /// What the library refuses (key sizes, IV sizes, partial blocks without padding) is a
    /// typed PDFError, never a trap.
    @Test func refusalsArePDFErrors() {
        let wrongSizes: [() throws -> [UInt8]] = [
            { try AESCBC.encrypt(Self.plain, key: Array(Self.key128.prefix(10)), iv: Self.iv) },
            { try AESCBC.encrypt(Self.plain, key: Self.key128, iv: Array(Self.iv.prefix(8))) },
            { try AESCBC.encryptBlocks(Array(Self.plain.prefix(20)), key: Self.key128[...], iv: Self.iv[...]) },
            { try AESCBC.decryptBlocks(Self.plain.prefix(20), key: Self.key128) },
            { try AESCBC.decryptBlocks(Self.plain[...], key: []) },
        ]
        for operation in wrongSizes {
            let error = #expect(throws: PDFError.self) { try operation() }
            #expect(error?.code == .unsupportedEncryption)
            #expect(error?.message.hasPrefix("aes failed: ") == true, "\(String(describing: error))")
        }
    }
}
