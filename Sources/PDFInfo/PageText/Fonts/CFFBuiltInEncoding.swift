/// The encoding built into a Compact Font Format font program (a /FontFile3 of subtype
/// /Type1C; Adobe Technical Note #5176): the Top DICT's charset and Encoding, which give each
/// code a glyph and each glyph a name. Symbolic fonts without /Encoding in their PDF dictionary
/// rely on it (ISO 32000-1 §9.6.6.2).
///
/// Input is hostile: every read is bounds-checked and the counts are capped by the data's size.
struct CFFBuiltInEncoding {
    private let data: BigEndianBytes
    private var bytes: [UInt8] { data.bytes }

    /// The glyph names by code of the CFF font in `bytes`; nil when the data is not a usable
    /// CFF font with a built-in encoding (a CIDFont has none).
    static func glyphNames(in bytes: [UInt8]) -> [String?]? {
        CFFBuiltInEncoding(data: BigEndianBytes(bytes: bytes)).glyphNames()
    }

    private func glyphNames() -> [String?]? {
        guard bytes.count >= 4, bytes[0] == 1, let headerSize = data.byte(2) else { return nil }
        guard let names = index(at: Int(headerSize)), let topDicts = index(at: names.end),
              let strings = index(at: topDicts.end), let topDict = topDicts.items.first else { return nil }
        let entries = dictionary(topDict)
        // A CIDFont (ROS, 12 30) selects glyphs by CID, not by an encoding.
        guard entries[1230] == nil, let charStringsOffset = entries[17]?.first,
              let glyphCount = index(at: Int(charStringsOffset))?.items.count, glyphCount > 0 else { return nil }
        let glyphNames = charset(at: Int(entries[15]?.first ?? 0), glyphCount: glyphCount).map { sid in
            sid.flatMap { name(of: $0, strings: strings.items) }
        }
        let encodingOffset = Int(entries[16]?.first ?? 0)
        if encodingOffset == 0 { return SimpleEncoding.standard.glyphNames }
        if encodingOffset == 1 { return SimpleEncoding.macExpert.glyphNames }
        return encoding(at: encodingOffset, glyphNames: glyphNames, strings: strings.items)
    }

    // MARK: Structures

    /// An INDEX (§5): its items' byte ranges and where it ends.
    private func index(at offset: Int) -> (items: [Range<Int>], end: Int)? {
        guard let count = data.uint16(offset) else { return nil }
        if count == 0 { return ([], offset + 2) }
        guard let offSize = data.byte(offset + 2), (1...4).contains(offSize) else { return nil }
        let offsetsStart = offset + 3
        let dataStart = offsetsStart + (count + 1) * Int(offSize) - 1
        guard dataStart < bytes.count else { return nil }
        var items: [Range<Int>] = []
        items.reserveCapacity(count)
        var previous = data.number(at: offsetsStart, size: Int(offSize))
        for item in 0..<count {
            guard let start = previous, let end = data.number(at: offsetsStart + (item + 1) * Int(offSize), size: Int(offSize)),
                  start >= 1, end >= start, dataStart + end <= bytes.count else { return nil }
            items.append((dataStart + start)..<(dataStart + end))
            previous = end
        }
        return (items, dataStart + (previous ?? 1))
    }

    /// A DICT's operators (two-byte ones as 1200 + the second byte) and their operands (§4).
    private func dictionary(_ range: Range<Int>) -> [Int: [Double]] {
        var entries: [Int: [Double]] = [:]
        var operands: [Double] = []
        var position = range.lowerBound
        while position < range.upperBound {
            let b0 = Int(bytes[position])
            position += 1
            switch b0 {
            case 0...21:
                var key = b0
                if b0 == 12, position < range.upperBound {
                    key = 1200 + Int(bytes[position])
                    position += 1
                }
                entries[key] = operands
                operands.removeAll()
            case 28:
                guard position + 2 <= range.upperBound else { return entries }
                operands.append(Double(Int16(bitPattern: UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1]))))
                position += 2
            case 29:
                guard position + 4 <= range.upperBound else { return entries }
                let value = bytes[position..<(position + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                operands.append(Double(Int32(bitPattern: value)))
                position += 4
            case 30:
                // A real: nibbles up to 0xF; its value is never an offset, so it is only skipped.
                while position < range.upperBound {
                    let byte = bytes[position]
                    position += 1
                    if byte & 0x0F == 0x0F || byte >> 4 == 0x0F { break }
                }
                operands.append(0)
            case 32...246:
                operands.append(Double(b0 - 139))
            case 247...250:
                guard position < range.upperBound else { return entries }
                operands.append(Double((b0 - 247) * 256 + Int(bytes[position]) + 108))
                position += 1
            case 251...254:
                guard position < range.upperBound else { return entries }
                operands.append(Double(-(b0 - 251) * 256 - Int(bytes[position]) - 108))
                position += 1
            default:
                break
            }
            if operands.count > 48 { return entries }
        }
        return entries
    }

    /// The string ID of each glyph (§13): a predefined charset (only ISOAdobe is read; the
    /// expert ones give no names) or formats 0–2.
    private func charset(at offset: Int, glyphCount: Int) -> [Int?] {
        var sids: [Int?] = [0]
        switch offset {
        case 0:
            for gid in 1..<glyphCount { sids.append(gid <= 228 ? gid : nil) }
            return sids
        case 1, 2:
            return sids + [Int?](repeating: nil, count: glyphCount - 1)
        default:
            break
        }
        guard let format = data.byte(offset) else { return sids }
        var position = offset + 1
        while sids.count < glyphCount {
            switch format {
            case 0:
                guard let sid = data.uint16(position) else { return sids }
                sids.append(sid)
                position += 2
            case 1, 2:
                guard let first = data.uint16(position), let left = format == 1 ? data.byte(position + 2).map(Int.init) : data.uint16(position + 2) else { return sids }
                position += format == 1 ? 3 : 4
                for step in 0...left where sids.count < glyphCount { sids.append(first + step) }
            default:
                return sids
            }
        }
        return sids
    }

    /// A custom encoding (§12): format 0 (codes in glyph order) or 1 (code ranges), with
    /// supplements naming further codes.
    private func encoding(at offset: Int, glyphNames: [String?], strings: [Range<Int>]) -> [String?]? {
        guard let format = data.byte(offset) else { return nil }
        var names = [String?](repeating: nil, count: 256)
        var position = offset + 1
        var gid = 1
        switch format & 0x7F {
        case 0:
            guard let count = data.byte(position) else { return nil }
            position += 1
            for _ in 0..<count {
                guard let code = data.byte(position) else { return names }
                if gid < glyphNames.count { names[Int(code)] = glyphNames[gid] }
                gid += 1
                position += 1
            }
        case 1:
            guard let ranges = data.byte(position) else { return nil }
            position += 1
            for _ in 0..<ranges {
                guard let first = data.byte(position), let left = data.byte(position + 1) else { return names }
                position += 2
                for code in Int(first)...min(Int(first) + Int(left), 255) {
                    if gid < glyphNames.count { names[code] = glyphNames[gid] }
                    gid += 1
                }
            }
        default:
            return nil
        }
        if format & 0x80 != 0, let supplements = data.byte(position) {
            position += 1
            for _ in 0..<supplements {
                guard let code = data.byte(position), let sid = data.uint16(position + 1) else { break }
                names[Int(code)] = name(of: sid, strings: strings)
                position += 3
            }
        }
        return names
    }

    /// The name string ID `sid` stands for: a standard string, or one of the font's strings.
    private func name(of sid: Int, strings: [Range<Int>]) -> String? {
        if sid < Self.standardStrings.count { return Self.standardStrings[sid] }
        let index = sid - Self.standardStrings.count
        guard index < strings.count else { return nil }
        return String(decoding: bytes[strings[index]], as: UTF8.self)
    }

    private static let standardStrings = CFFStandardStrings.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}
