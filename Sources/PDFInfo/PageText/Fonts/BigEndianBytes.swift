/// Bounds-checked reads of big-endian numbers from a font program (CFF and TrueType store
/// theirs big-endian): nil past the end, never a trap, whatever the offsets the data gives.
struct BigEndianBytes {
    let bytes: [UInt8]

    var count: Int { bytes.count }

    func byte(_ offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    func uint16(_ offset: Int) -> Int? {
        number(at: offset, size: 2)
    }

    func uint32(_ offset: Int) -> Int? {
        number(at: offset, size: 4)
    }

    /// The `size`-byte (1…4) unsigned number at `offset`.
    func number(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
        return bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | Int($1) }
    }
}
