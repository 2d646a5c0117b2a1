/// Numbers that no other call in this process returns and that other processes cannot guess,
/// drawn without a system call each: a key taken once from the system's random source, mixed
/// with a counter through a bijection (the finaliser of splitmix64), so two calls in one process
/// never return the same value, and runs of different processes are unrelated.
///
/// Used for the new /ID[1] of every written file (ISO 32000-1 §14.4 asks that it be unique;
/// the standard's own suggestion is a digest of the time, the path and the size) and the names
/// of temporary files, which cost one `getrandom` each when drawn from the system's generator.
public enum UniqueNumbers {
    /// 16 bytes for a new file identifier (/ID[1]).
    public static func fileIdentifier() -> [UInt8] {
        let (high, low) = next()
        return (0..<16).map { index in
            UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> (8 * UInt64(index % 8)))
        }
    }

    /// A value for a temporary file's name.
    static func temporaryNameSuffix() -> UInt32 {
        UInt32(truncatingIfNeeded: next().0 >> 32)
    }

    /// The next pair: the first of the two never repeats in this process.
    static func next() -> (UInt64, UInt64) {
        let count = counter.next()
        return (key.0 ^ mix(count), key.1 ^ mix(count &+ 0x9E37_79B9_7F4A_7C15))
    }

    /// splitmix64's finaliser: a bijection of 64-bit values that spreads every input bit.
    static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// Drawn once, on first use.
    private static let key: (UInt64, UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next())
    }()

    private static let counter = Counter()

    /// A counter shared by the threads that stage files in parallel.
    private final class Counter: @unchecked Sendable {
        // @unchecked: `value` is only read and written while `lock` is held.
        private let lock = SystemLock()
        private var value: UInt64 = 0

        /// Counts one up and returns the new value.
        func next() -> UInt64 {
            lock.withLock {
                value &+= 1
                return value
            }
        }
    }
}
