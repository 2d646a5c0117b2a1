extension StringProtocol {
    /// Whether every character is ASCII: the test that sends text down the byte-level path of
    /// the pattern matcher.
    var isAllASCII: Bool {
        utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether every character is whitespace (true for ""), as `Character.isWhitespace` says.
    var isBlank: Bool {
        allSatisfy(\.isWhitespace)
    }
}
