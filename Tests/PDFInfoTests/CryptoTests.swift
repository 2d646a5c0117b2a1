import Testing

@testable import PDFInfo

/// The building blocks of the security handler against published test vectors, and its
/// refusals of encryption dictionaries it cannot or must not open.
struct CryptoTests {
    // MARK: RC4

    /// The examples of Wikipedia's "RC4" article (key, plaintext, ciphertext).
    @Test(arguments: [
        ("Key", "Plaintext", "bbf316e8d940af0ad3"),
        ("Wiki", "pedia", "1021bf0420"),
        ("Secret", "Attack at dawn", "45a01f645fc35b383552544b9bf5"),
    ])
    func rc4MatchesTheWikipediaVectors(key: String, plaintext: String, ciphertext: String) {
        let encrypted = RC4.apply(key: Array(key.utf8), to: Array(plaintext.utf8))
        #expect(encrypted == CryptoOracle.bytes(hex: ciphertext))
        #expect(RC4.apply(key: Array(key.utf8), to: encrypted) == Array(plaintext.utf8))
    }

    /// RFC 6229 §2 keystreams for the 40-bit key 0x0102030405 (offsets 0, 16 and 4096) and the
    /// 128-bit key 0x0102…10 (offsets 0 and 16), through one cipher fed in pieces.
    @Test func rc4MatchesRFC6229Keystreams() {
        var cipher = RC4(key: [0x01, 0x02, 0x03, 0x04, 0x05])
        let start = cipher.process([UInt8](repeating: 0, count: 32))
        #expect(start == CryptoOracle.bytes(hex: "b2396305f03dc027ccc3524a0a1118a86982944f18fc82d589c403a47a0d0919"))
        _ = cipher.process([UInt8](repeating: 0, count: 4096 - 32))
        #expect(cipher.process([UInt8](repeating: 0, count: 16)) == CryptoOracle.bytes(hex: "ff25b58995996707e51fbdf08b34d875"))

        let key128 = (1...16).map { UInt8($0) }
        #expect(
            RC4.apply(key: key128, to: [UInt8](repeating: 0, count: 32))
                == CryptoOracle.bytes(hex: "9ac7cc9a609d1ef7b2932899cde41b975248c4959014126a6e8a84f11d1a9e1c"))
    }

    // MARK: AES-CBC

    /// NIST SP 800-38A F.2.1 (CBC-AES128.Encrypt), first two blocks.
    static let nistKey = CryptoOracle.bytes(hex: "2b7e151628aed2a6abf7158809cf4f3c")
    static let nistIV = CryptoOracle.bytes(hex: "000102030405060708090a0b0c0d0e0f")
    static let nistPlain = CryptoOracle.bytes(hex: "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51")
    static let nistCipher = CryptoOracle.bytes(hex: "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2")

    @Test func aesBlocksMatchNISTSP800_38A() throws {
        #expect(try AESCBC.encryptBlocks(Self.nistPlain, key: Self.nistKey[...], iv: Self.nistIV[...]) == Self.nistCipher)
        #expect(try AESCBC.decryptBlocks(Self.nistCipher[...], key: Self.nistKey, iv: Self.nistIV[...]) == Self.nistPlain)
    }

    @Test func aesStringsCarryTheirIVAndAFullPaddingBlock() throws {
        let encrypted = try AESCBC.encrypt(Self.nistPlain, key: Self.nistKey, iv: Self.nistIV)
        #expect(encrypted.count == 16 + 32 + 16)
        #expect(Array(encrypted[0..<16]) == Self.nistIV)
        #expect(Array(encrypted[16..<48]) == Self.nistCipher)
        let lastBlock = try AESCBC.decryptBlocks(encrypted[48...], key: Self.nistKey, iv: encrypted[32..<48])
        #expect(lastBlock == [UInt8](repeating: 16, count: 16))
        #expect(try AESCBC.decrypt(encrypted, key: Self.nistKey) == Self.nistPlain)
        #expect(try AESCBC.decrypt(try AESCBC.encrypt([], key: Self.nistKey, iv: Self.nistIV), key: Self.nistKey) == [])
    }

    /// Damaged AES data decrypts as pdf.js and qpdf decrypt it, without failing.
    @Test func aesToleratesBadPaddingPartialBlocksAndShortData() throws {
        // Two whole blocks whose last byte (0x51) is no valid padding length: kept as data.
        #expect(try AESCBC.decrypt(Self.nistIV + Self.nistCipher, key: Self.nistKey) == Self.nistPlain)
        // A trailing partial block is dropped.
        #expect(try AESCBC.decrypt(Self.nistIV + Self.nistCipher + [1, 2, 3], key: Self.nistKey) == Self.nistPlain)
        // Nothing after the IV, or not even a whole IV: nothing.
        #expect(try AESCBC.decrypt(Self.nistIV, key: Self.nistKey) == [])
        #expect(try AESCBC.decrypt(Array(Self.nistIV.prefix(5)), key: Self.nistKey) == [])
        #expect(try AESCBC.decrypt(Self.nistIV + [9, 9, 9], key: Self.nistKey) == [])
    }

    // MARK: Passwords

    @Test func passwordsArePaddedOrTruncatedTo32Bytes() {
        #expect(MD5KeyDerivation.padded([]) == MD5KeyDerivation.padding)
        #expect(MD5KeyDerivation.padded(Array("ab".utf8)) == Array("ab".utf8) + MD5KeyDerivation.padding.prefix(30))
        let long = [UInt8](repeating: 0x41, count: 40)
        #expect(MD5KeyDerivation.padded(long) == Array(long.prefix(32)))
    }

    @Test func revision4PasswordsTryPDFDocEncodingThenUTF8() {
        #expect(MD5KeyDerivation.passwordCandidates("abc") == [Array("abc".utf8)])
        #expect(MD5KeyDerivation.passwordCandidates("hôtel–€") == [[0x68, 0xF4, 0x74, 0x65, 0x6C, 0x85, 0xA0], Array("hôtel–€".utf8)])
        #expect(MD5KeyDerivation.passwordCandidates("✓") == [Array("✓".utf8)])
        #expect(AES256KeyDerivation.passwordBytes(String(repeating: "é", count: 100)).count == 127)
    }

    // MARK: Refusals

    /// A minimal standard-handler dictionary with `entries` replaced or added.
    static func encrypt(_ entries: [(PDFName, PDFObject)]) -> PDFDictionary {
        var dictionary = PDFDictionary([
            ("Filter", .name("Standard")), ("V", .integer(2)), ("R", .integer(3)), ("Length", .integer(128)),
            ("O", .string([UInt8](repeating: 1, count: 32))), ("U", .string([UInt8](repeating: 2, count: 32))),
            ("P", .integer(-4)),
        ])
        for (key, value) in entries { dictionary[key] = value }
        return dictionary
    }

    static let stdCF: PDFObject = .dictionary(PDFDictionary([("StdCF", .dictionary(PDFDictionary([("CFM", .name("AESV2"))])))]))

    @Test(arguments: [
        ([("Filter", PDFObject.name("Adobe.PubSec"))], PDFError.Code.unsupportedEncryption),
        ([("V", .integer(3))], .unsupportedEncryption),
        ([("R", .integer(7))], .unsupportedEncryption),
        ([("V", .integer(5))], .unsupportedEncryption),
        // A V2 /Length out of range is tried as 40 and as 128 bits (qpdf takes 128): the
        // password check then decides.
        ([("Length", .integer(41))], .needsPassword),
        ([("Length", .integer(256))], .needsPassword),
        ([("V", .integer(4)), ("R", .integer(4)), ("Length", .integer(41))], .unsupportedEncryption),
        ([("V", .integer(4)), ("R", .integer(4)), ("CF", .dictionary(PDFDictionary([("StdCF", .dictionary(PDFDictionary([("CFM", .name("Foo"))])))]))), ("StmF", .name("StdCF"))], .unsupportedEncryption),
        ([("V", .integer(4)), ("R", .integer(4)), ("StrF", .name("Missing"))], .unsupportedEncryption),
        ([("V", .integer(4)), ("R", .integer(4)), ("Length", .integer(40)), ("CF", stdCF), ("StmF", .name("StdCF"))], .unsupportedEncryption),
        ([("P", .null)], .malformed),
        ([("O", .integer(1))], .malformed),
        ([("V", .integer(5)), ("R", .integer(6))], .malformed),
        ([], .needsPassword),
    ] as [([(PDFName, PDFObject)], PDFError.Code)])
    func refusesWhatItCannotOpen(entries: [(PDFName, PDFObject)], code: PDFError.Code) {
        do {
            _ = try SecurityHandler(encrypt: Self.encrypt(entries), firstFileID: [], password: "")
            Issue.record("opened \(entries)")
        } catch {
            #expect(error.code == code, "\(error)")
        }
    }

    @Test func theEncryptionMetadataFlagCountsFromVersion4() throws {
        let v2 = try EncryptionParameters(Self.encrypt([("EncryptMetadata", .bool(false))]))
        #expect(v2.encryptsMetadata)
        let v4 = try EncryptionParameters(Self.encrypt([
            ("V", .integer(4)), ("R", .integer(4)), ("CF", Self.stdCF), ("StmF", .name("StdCF")), ("EncryptMetadata", .bool(false)),
        ]))
        #expect(!v4.encryptsMetadata)
        #expect(v4.streamMethod == .aesV2)
        #expect(v4.stringMethod == .identity)
        #expect(v4.methodName == "AES-128")
        #expect(v4.keyLength == 16)
    }
}
