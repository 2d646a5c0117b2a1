/// Where the AES initialisation vectors of newly encrypted strings and streams come from
/// (ISO 32000-1 §7.6.2: "a 16-byte initialization vector … that shall be randomly generated").
///
/// Production code uses `.system`; tests inject a deterministic source to check output byte
/// for byte.
struct InitializationVectors: Sendable {
    /// Returns 16 fresh bytes.
    let next: @Sendable () -> [UInt8]

    /// Creates a source from a closure that returns 16 bytes per call.
    init(_ next: @escaping @Sendable () -> [UInt8]) { self.next = next }

    /// The system's cryptographically secure generator (`SystemRandomNumberGenerator`: getrandom
    /// on Linux, arc4random on Apple platforms).
    static let system = InitializationVectors {
        var generator = SystemRandomNumberGenerator()
        return (0..<AESCBC.blockSize).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
