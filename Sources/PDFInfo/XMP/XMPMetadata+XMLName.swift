extension XMPMetadata {
    /// Where a qualified name lies in the packet, split at its first colon (Namespaces in XML 1.0
    /// §4). The reader keeps names as byte ranges and compares them as bytes; only error messages
    /// and the updater's markup turn them into strings.
    struct XMLName {
        /// Before the first colon; empty when there is no colon or the name starts with one.
        let prefix: Range<Int>
        /// After the first colon; the whole name when there is none.
        let localName: Range<Int>
        /// Whether every byte of the name is ASCII, so that comparing bytes compares strings.
        let isASCII: Bool

        /// The name `start..<end`, whose first colon (if any) is at `colon`.
        init(from start: Int, to end: Int, colon: Int?, isASCII: Bool) {
            if let colon {
                prefix = start..<colon
                localName = colon + 1..<end
            } else {
                prefix = start..<start
                localName = start..<end
            }
            self.isASCII = isASCII
        }

        /// `prefix:localName`, or the local name alone when the prefix is empty.
        func qualified(in bytes: [UInt8]) -> String {
            // With a prefix, the name as written runs from the prefix through the local name.
            let written = prefix.isEmpty ? localName : prefix.lowerBound..<localName.upperBound
            return String(decoding: bytes[written], as: UTF8.self)
        }

        /// Whether the prefix equals `literal` as a Swift string.
        func hasPrefix(_ literal: StaticString, in bytes: [UInt8]) -> Bool {
            XMPMetadata.name(prefix, isASCII: isASCII, in: bytes, is: literal)
        }

        /// Whether the local name equals `literal` as a Swift string.
        func hasLocalName(_ literal: StaticString, in bytes: [UInt8]) -> Bool {
            XMPMetadata.name(localName, isASCII: isASCII, in: bytes, is: literal)
        }

        /// Whether both parts equal those of `other` as Swift strings.
        func matches(_ other: XMLName, in bytes: [UInt8]) -> Bool {
            let bothASCII = isASCII && other.isASCII
            return XMPMetadata.sameName(prefix, other.prefix, bothASCII: bothASCII, in: bytes)
                && XMPMetadata.sameName(localName, other.localName, bothASCII: bothASCII, in: bytes)
        }
    }

    /// Whether two names in the packet are equal as Swift strings (canonical equivalence).
    ///
    /// Equal bytes are equal strings, and ASCII bytes that differ are different strings; only
    /// names with other bytes are decoded and compared as strings.
    static func sameName(_ first: Range<Int>, _ second: Range<Int>, bothASCII: Bool, in bytes: [UInt8]) -> Bool {
        if first.count == second.count {
            let same = bytes.withUnsafeBufferPointer { buffer in
                var offset = 0
                while offset < first.count && buffer[first.lowerBound + offset] == buffer[second.lowerBound + offset] {
                    offset += 1
                }
                return offset == first.count
            }
            if same { return true }
        }
        guard !bothASCII else { return false }
        return String(decoding: bytes[first], as: UTF8.self) == String(decoding: bytes[second], as: UTF8.self)
    }

    /// Whether the name at `range` equals `literal` as Swift strings (see
    /// ``sameName(_:_:bothASCII:in:)``).
    static func name(_ range: Range<Int>, isASCII: Bool, in bytes: [UInt8], is literal: StaticString) -> Bool {
        let sameBytes =
            literal.utf8CodeUnitCount == range.count
            && literal.withUTF8Buffer { expected in
                bytes.withUnsafeBufferPointer { buffer in
                    for offset in 0..<expected.count where buffer[range.lowerBound + offset] != expected[offset] {
                        return false
                    }
                    return true
                }
            }
        if sameBytes { return true }
        guard !isASCII || !literal.isASCII else { return false }
        return String(decoding: bytes[range], as: UTF8.self) == literal.description
    }
}
