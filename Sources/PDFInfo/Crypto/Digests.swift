import Crypto

/// The hash functions of the standard security handler, from swift-crypto, on byte arrays.
enum Digests {
    /// MD5 (RFC 1321): Algorithms 1–7 of ISO 32000-1 §7.6.3.
    static func md5(_ bytes: [UInt8]) -> [UInt8] { Array(Insecure.MD5.hash(data: bytes)) }

    /// SHA-256 (FIPS 180-4): revisions 5 and 6 (ISO 32000-2 §7.6.4.3.3, Algorithm 2.B).
    static func sha256(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }

    /// SHA-384, chosen by Algorithm 2.B when the round's AES output is 1 modulo 3.
    static func sha384(_ bytes: [UInt8]) -> [UInt8] { Array(SHA384.hash(data: bytes)) }

    /// SHA-512, chosen by Algorithm 2.B when the round's AES output is 2 modulo 3.
    static func sha512(_ bytes: [UInt8]) -> [UInt8] { Array(SHA512.hash(data: bytes)) }
}
