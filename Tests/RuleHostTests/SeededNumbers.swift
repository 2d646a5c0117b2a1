/// Reproducible pseudo-random numbers for the tests that compare two paths over generated
/// inputs: a 64-bit linear congruential generator (Knuth's MMIX constants), so that a failure
/// shows the same input on every run.
struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next number in `0..<bound` (`bound` at most 2^31).
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
