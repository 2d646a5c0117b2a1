extension UnsafeRawBufferPointer {
    /// Whether every byte is ASCII (below 0x80), read eight bytes at a time: the test that
    /// sends a Lua string down the byte-level path of `match`, and text down that of the
    /// pattern matcher (``StringProtocol/isAllASCII``).
    /// Titles are short, so every byte is read rather than stopping at the first that is not.
    var isASCII: Bool {
        var offset = 0
        var bits: UInt64 = 0
        while offset + 8 <= count {
            bits |= loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < count {
            bits |= UInt64(self[offset])
            offset += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }
}
