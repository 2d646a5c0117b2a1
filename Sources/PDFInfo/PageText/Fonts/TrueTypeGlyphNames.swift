/// The glyph names a TrueType font program (a /FontFile2) gives its one-byte codes: each code
/// through the font's own 'cmap' — (3,0) Microsoft Symbol, whose codes sit at 0xF000 + code,
/// else (1,0) Macintosh Roman; formats 0, 4 and 6 — to a glyph, and the glyph's name in the
/// 'post' table (format 2). A symbolic TrueType font without /Encoding selects its glyphs this
/// way (ISO 32000-1 §9.6.6.4). Ghostscript writes such fonts for text set in TrueType fonts
/// (LilyPond with DejaVu or FreeSerif): an en dash at code 0xB1, a quote at 0xA9, codes that
/// mean other characters in every standard encoding.
///
/// Input is hostile: every read is bounds-checked, and counts are bounded by the data's size.
struct TrueTypeGlyphNames {
    private let data: BigEndianBytes
    private var bytes: [UInt8] { data.bytes }

    /// The glyph name of each code 0…255 of the TrueType font in `bytes`; nil when it has no
    /// usable cmap or no glyph names.
    static func glyphNames(in bytes: [UInt8]) -> [String?]? {
        TrueTypeGlyphNames(data: BigEndianBytes(bytes: bytes)).glyphNames()
    }

    private func glyphNames() -> [String?]? {
        guard let cmap = table("cmap"), let post = table("post"), let (subtable, symbol) = cmapSubtable(at: cmap) else { return nil }
        var glyphs = [Int](repeating: 0, count: 256)
        for code in 0..<256 {
            glyphs[code] = (symbol ? glyph(for: 0xF000 + code, in: subtable) : nil) ?? glyph(for: code, in: subtable) ?? 0
        }
        guard let names = postNames(at: post, of: Set(glyphs.filter { $0 > 0 })) else { return nil }
        let byCode = glyphs.map { names[$0] }
        return byCode.contains { $0 != nil } ? byCode : nil
    }

    /// The offset of the table tagged `tag`, from the table directory.
    private func table(_ tag: String) -> Int? {
        guard let count = data.uint16(4) else { return nil }
        let tagBytes = Array(tag.utf8)
        for index in 0..<count {
            let record = 12 + 16 * index
            guard record + 16 <= bytes.count else { return nil }
            if Array(bytes[record..<(record + 4)]) == tagBytes { return data.uint32(record + 8) }
        }
        return nil
    }

    /// The cmap subtable to read and whether it is (3,0) Microsoft Symbol.
    private func cmapSubtable(at offset: Int) -> (offset: Int, symbol: Bool)? {
        guard let count = data.uint16(offset + 2) else { return nil }
        var macintosh: Int?
        for index in 0..<count {
            let record = offset + 4 + 8 * index
            guard let platform = data.uint16(record), let encoding = data.uint16(record + 2), let subtable = data.uint32(record + 4) else { return nil }
            if platform == 3, encoding == 0 { return (offset + subtable, true) }
            if platform == 1, encoding == 0 { macintosh = offset + subtable }
        }
        return macintosh.map { ($0, false) }
    }

    /// The glyph the cmap subtable at `offset` gives `code`.
    private func glyph(for code: Int, in offset: Int) -> Int? {
        switch data.uint16(offset) {
        case 0:
            guard code < 256 else { return nil }
            return data.byte(offset + 6 + code).map(Int.init)
        case 4:
            guard let segmentsTimesTwo = data.uint16(offset + 6) else { return nil }
            let ends = offset + 14, starts = ends + segmentsTimesTwo + 2
            let deltas = starts + segmentsTimesTwo, rangeOffsets = deltas + segmentsTimesTwo
            for segment in stride(from: 0, to: segmentsTimesTwo, by: 2) {
                guard let end = data.uint16(ends + segment), end >= code else { continue }
                guard let start = data.uint16(starts + segment), start <= code,
                      let delta = data.uint16(deltas + segment), let rangeOffset = data.uint16(rangeOffsets + segment) else { return nil }
                if rangeOffset == 0 { return (code + delta) & 0xFFFF }
                guard let glyph = data.uint16(rangeOffsets + segment + rangeOffset + 2 * (code - start)), glyph != 0 else { return nil }
                return (glyph + delta) & 0xFFFF
            }
            return nil
        case 6:
            guard let first = data.uint16(offset + 6), let count = data.uint16(offset + 8), code >= first, code < first + count else { return nil }
            return data.uint16(offset + 10 + 2 * (code - first))
        default:
            return nil
        }
    }

    /// The names of `glyphs` in the format 2 'post' table at `offset`. A font may name
    /// thousands of glyphs; only the names asked for are made.
    private func postNames(at offset: Int, of glyphs: Set<Int>) -> [Int: String]? {
        guard data.uint32(offset) == 0x0002_0000, let count = data.uint16(offset + 32) else { return nil }
        let indices = offset + 34
        var names: [Int: String] = [:]
        var wanted: [Int: [Int]] = [:]  // custom name number → the glyphs that use it
        for glyph in glyphs where glyph < count {
            guard let index = data.uint16(indices + 2 * glyph) else { return nil }
            if index < Self.macintoshNames.count {
                names[glyph] = Self.macintoshNames[index]
            } else {
                wanted[index - Self.macintoshNames.count, default: []].append(glyph)
            }
        }
        var position = indices + 2 * count
        var number = 0
        let last = wanted.keys.max() ?? -1
        while number <= last, position < bytes.count {
            let length = Int(bytes[position])
            guard position + 1 + length <= bytes.count else { break }
            if let users = wanted[number] {
                let name = String(decoding: bytes[(position + 1)..<(position + 1 + length)], as: UTF8.self)
                for glyph in users { names[glyph] = name }
            }
            position += 1 + length
            number += 1
        }
        return names
    }

    private static let macintoshNames = MacintoshGlyphNames.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}
