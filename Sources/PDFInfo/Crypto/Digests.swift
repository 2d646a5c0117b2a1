import CCrypto

/// The hash functions of the standard security handler, from the system's crypto library
/// (CCrypto: libcrypto on Linux, CommonCrypto on Apple platforms), on byte arrays.
enum Digests {
    /// MD5 (RFC 1321): Algorithms 1–7 of ISO 32000-1 §7.6.3.
    static func md5(_ bytes: [UInt8]) -> [UInt8] { digest(bytes, length: 16, "MD5", ccrypto_md5) }

    /// SHA-256 (FIPS 180-4): revisions 5 and 6 (ISO 32000-2 §7.6.4.3.3, Algorithm 2.B).
    static func sha256(_ bytes: [UInt8]) -> [UInt8] { digest(bytes, length: 32, "SHA-256", ccrypto_sha256) }

    /// SHA-384, chosen by Algorithm 2.B when the round's AES output is 1 modulo 3.
    static func sha384(_ bytes: [UInt8]) -> [UInt8] { digest(bytes, length: 48, "SHA-384", ccrypto_sha384) }

    /// SHA-512, chosen by Algorithm 2.B when the round's AES output is 2 modulo 3.
    static func sha512(_ bytes: [UInt8]) -> [UInt8] { digest(bytes, length: 64, "SHA-512", ccrypto_sha512) }

    /// Whether the system's crypto library computes MD5 at all: a FIPS-only configuration
    /// without OpenSSL's default provider refuses it. Checked before revisions 2–4, which
    /// need it, so that such a system reports the file instead of trapping in `md5`.
    static let md5IsAvailable: Bool = {
        var output = [UInt8](repeating: 0, count: 16)
        let input: [UInt8] = [0]
        return input.withUnsafeBytes { ccrypto_md5($0.baseAddress, $0.count, &output) } == 1
    }()

    /// Runs one of CCrypto's one-shot digests, which writes `length` bytes.
    ///
    /// The digests fail only when the library withholds the algorithm, never because of the
    /// input; callers check `md5IsAvailable` first, so a failure is a programmer error and traps,
    /// naming the algorithm.
    private static func digest(
        _ bytes: [UInt8], length: Int, _ name: String,
        _ function: (UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?) -> Int32
    ) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: length) { output, count in
            let status = bytes.withUnsafeBytes { input in function(input.baseAddress, input.count, output.baseAddress) }
            precondition(status == 1, "the system's crypto library refused \(name)")
            count = length
        }
    }
}
