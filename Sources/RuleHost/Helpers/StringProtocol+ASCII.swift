extension StringProtocol {
    /// Whether every character is ASCII: the test that sends text down the byte-level fast
    /// paths of the key parser, the normalizer and the pattern matcher.
    var isAllASCII: Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? utf8.allSatisfy { $0 < 0x80 }
    }
}
