extension StringProtocol {
    /// Whether every character is ASCII: the test that sends text down the byte-level path of
    /// the pattern matcher.
    var isAllASCII: Bool {
        utf8.withContiguousStorageIfAvailable { UnsafeRawBufferPointer($0).isASCII } ?? utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether every character is whitespace (true for ""), as `Character.isWhitespace` says.
    /// ASCII text is settled by its bytes (whitespace is 0x09–0x0D and space), and so is text
    /// whose first character starts with an ASCII byte that is not whitespace.
    var isBlank: Bool {
        let answer = utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            if let first = bytes.first, first < 0x80, !isSpace(first) { return false }
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return bytes.allSatisfy(isSpace)
        }
        return (answer ?? nil) ?? !contains(where: { !$0.isWhitespace })
    }
}
