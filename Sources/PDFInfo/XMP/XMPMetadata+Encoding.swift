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

    /// `utf8` (transcoded from UTF-16) with the `encoding` of a leading XML declaration
    /// (`<?xml … encoding="UTF-16"?>`) changed to UTF-8, so that the declaration stays true.
    static func declaringUTF8(_ utf8: [UInt8]) -> [UInt8] {
        var start = 0
        while start < utf8.count, [0x09, 0x0A, 0x0D, 0x20].contains(utf8[start]) { start += 1 }
        guard utf8[start...].starts(with: "<?xml".utf8),
            let end = (start + 5..<utf8.count).first(where: { utf8[$0...].starts(with: "?>".utf8) })
        else { return utf8 }
        let declaration = Array(utf8[start..<end])
        let name = Array("encoding".utf8)
        guard
            let nameStart = (0...max(0, declaration.count - name.count)).first(where: {
                declaration[$0...].starts(with: name)
            })
        else { return utf8 }
        var position = nameStart + name.count
        while position < declaration.count, declaration[position] != UInt8(ascii: "\""),
            declaration[position] != UInt8(ascii: "'")
        {
            position += 1
        }
        guard position < declaration.count,
            let close = declaration[(position + 1)...].firstIndex(of: declaration[position])
        else { return utf8 }
        var result = utf8
        result.replaceSubrange(start + position + 1..<start + close, with: "UTF-8".utf8)
        return result
    }

    private static var unsupported: PDFError {
        PDFError(.malformed, "xmp packet is in UTF-32 or an unknown encoding")
    }
}
