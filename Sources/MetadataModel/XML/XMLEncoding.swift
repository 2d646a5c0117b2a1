/// XML documents in UTF-16 turned into the UTF-8 the reader takes (XML 1.0 §4.3.3, Appendix F;
/// XMP Part 1 §7.3.2 allows UTF-8, UTF-16 and UTF-32 packets; Finale writes UTF-16 MusicXML).
package enum XMLEncoding {
    /// `bytes` in UTF-8.
    ///
    /// UTF-16 is recognised by a byte order mark or by the zero byte of `<` in the first two
    /// bytes, and transcoded (ill-formed units become U+FFFD; the byte order mark is dropped).
    /// Anything else is taken as UTF-8 and returned unchanged, so that an editor keeps its bytes.
    ///
    /// - Returns: nil for UTF-32 (a byte order mark or `<` with three zero bytes).
    package static func utf8(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 2 else { return bytes }
        let bigEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0xFE, 0xFF):
            bigEndian = true
        case (0xFF, 0xFE):
            guard !bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) else { return nil }
            bigEndian = false
        case (0x00, 0x00):
            return nil
        case (0x00, _):
            bigEndian = true
        case (_, 0x00):
            bigEndian = false
        default:
            return bytes
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        if units.first == 0xFEFF { units.removeFirst() }
        return declaringUTF8(Array(String(decoding: units, as: UTF16.self).utf8))
    }

    /// `utf8` (transcoded from UTF-16) with the `encoding` of a leading XML declaration
    /// (`<?xml … encoding="UTF-16"?>`) changed to UTF-8, so that the declaration stays true.
    static func declaringUTF8(_ utf8: [UInt8]) -> [UInt8] {
        var start = 0
        while start < utf8.count, XMLTokenizer.isWhitespace(utf8[start]) { start += 1 }
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
}
