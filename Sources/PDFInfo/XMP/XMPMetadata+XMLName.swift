extension XMPMetadata {
    /// Where a qualified name lies in the packet, split at its first colon (Namespaces in XML 1.0
    /// §4). The reader keeps names as byte ranges and compares them as bytes; only error messages
    /// and the updater's markup turn them into strings.
    struct XMLName {
        /// Before the first colon; empty when there is no colon or the name starts with one.
        let prefix: Range<Int>
        /// After the first colon; the whole name when there is none.
        let localName: Range<Int>

        /// The name from `start` up to `end`, split at its first colon.
        init(_ bytes: [UInt8], from start: Int, to end: Int) {
            var colon = start
            while colon < end && bytes[colon] != UInt8(ascii: ":") { colon += 1 }
            if colon < end {
                prefix = start..<colon
                localName = colon + 1..<end
            } else {
                prefix = start..<start
                localName = start..<end
            }
        }

        /// `prefix:localName`, or the local name alone when the prefix is empty.
        func qualified(in bytes: [UInt8]) -> String {
            let localName = String(decoding: bytes[self.localName], as: UTF8.self)
            guard !prefix.isEmpty else { return localName }
            return String(decoding: bytes[prefix], as: UTF8.self) + ":" + localName
        }
    }

    /// Whether two names in the packet are equal as Swift strings (canonical equivalence).
    ///
    /// Equal bytes are equal strings, and ASCII bytes that differ are different strings; only
    /// names with other bytes are decoded and compared as strings.
    static func sameName(_ first: Range<Int>, _ second: Range<Int>, in bytes: [UInt8]) -> Bool {
        if first.count == second.count {
            var offset = 0
            while offset < first.count && bytes[first.lowerBound + offset] == bytes[second.lowerBound + offset] {
                offset += 1
            }
            if offset == first.count { return true }
        }
        guard !isASCII(bytes, first) || !isASCII(bytes, second) else { return false }
        return String(decoding: bytes[first], as: UTF8.self) == String(decoding: bytes[second], as: UTF8.self)
    }

    /// Whether the name at `range` equals `literal` as Swift strings (see ``sameName(_:_:in:)``).
    static func name(_ range: Range<Int>, in bytes: [UInt8], is literal: String) -> Bool {
        var literal = literal
        return literal.withUTF8 { expected in
            if expected.count == range.count
                && (0..<expected.count).allSatisfy({ bytes[range.lowerBound + $0] == expected[$0] })
            {
                return true
            }
            guard !isASCII(bytes, range) || expected.contains(where: { $0 >= 0x80 }) else { return false }
            return String(decoding: bytes[range], as: UTF8.self) == String(decoding: expected, as: UTF8.self)
        }
    }

    private static func isASCII(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        for index in range where bytes[index] >= 0x80 { return false }
        return true
    }
}
