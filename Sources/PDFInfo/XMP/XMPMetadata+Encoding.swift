extension XMPMetadata {
    /// The packet as UTF-8 (XMP Part 1 §7.3.2: UTF-8, UTF-16 or UTF-32, with the byte order
    /// shown by the `begin` attribute's U+FEFF).
    ///
    /// UTF-16 is recognised by a byte order mark or by the zero bytes of `<` in the first two
    /// bytes, and transcoded (ill-formed units become U+FFFD; the leading byte order mark, if
    /// any, is dropped). Anything else is taken as UTF-8 and returned unchanged, so that the
    /// updater keeps its bytes.
    ///
    /// - Throws: `.malformed` for UTF-32 or bytes that are neither.
    static func utf8Packet(_ packet: [UInt8]) throws(PDFError) -> [UInt8] {
        guard packet.count >= 2 else { return packet }
        let bigEndian: Bool
        switch (packet[0], packet[1]) {
        case (0xFE, 0xFF):
            bigEndian = true
        case (0xFF, 0xFE):
            guard !packet.starts(with: [0xFF, 0xFE, 0x00, 0x00]) else { throw unsupported }
            bigEndian = false
        case (0x00, 0x00):
            throw unsupported
        case (0x00, _):
            bigEndian = true
        case (_, 0x00):
            bigEndian = false
        default:
            return packet
        }
        var units: [UInt16] = []
        units.reserveCapacity(packet.count / 2)
        var index = 0
        while index + 1 < packet.count {
            let (first, second) = (UInt16(packet[index]), UInt16(packet[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        if units.first == 0xFEFF { units.removeFirst() }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    private static var unsupported: PDFError {
        PDFError(.malformed, "xmp packet is in UTF-32 or an unknown encoding")
    }
}
