/// The RC4 stream cipher, as the standard security handler uses it for revisions 2–4
/// (ISO 32000-1 §7.6.2, "V2" crypt filters).
///
/// RC4 is the one cipher written here by hand: no maintained Swift library offers it, because it
/// is broken. PDF still needs it to read and to extend files encrypted long ago. Encryption and
/// decryption are the same operation.
struct RC4 {
    private var state: [UInt8]
    private var i: UInt8 = 0
    private var j: UInt8 = 0

    /// Runs the key schedule for `key` (1–256 bytes; the PDF handler uses 5–16).
    init(key: [UInt8]) {
        precondition(!key.isEmpty && key.count <= 256, "RC4 key of \(key.count) bytes")
        state = (0...255).map { UInt8($0) }
        var j: UInt8 = 0
        for index in 0..<256 {
            j = j &+ state[index] &+ key[index % key.count]
            state.swapAt(index, Int(j))
        }
    }

    /// XORs `bytes` with the next bytes of the keystream.
    mutating func process(_ bytes: [UInt8]) -> [UInt8] {
        var output = bytes
        for index in output.indices {
            i = i &+ 1
            j = j &+ state[Int(i)]
            state.swapAt(Int(i), Int(j))
            output[index] ^= state[Int(state[Int(i)] &+ state[Int(j)])]
        }
        return output
    }

    /// Encrypts or decrypts `bytes` with a fresh cipher keyed by `key`.
    static func apply(key: [UInt8], to bytes: [UInt8]) -> [UInt8] {
        var cipher = RC4(key: key)
        return cipher.process(bytes)
    }
}
