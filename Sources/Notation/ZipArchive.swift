import Inflate

/// A small reader of ZIP archives (APPNOTE.TXT 6.3), enough for compressed MusicXML (.mxl)
/// and MuseScore (.mscz) files: the central directory, stored and deflated entries.
///
/// Input is hostile: every offset and size is checked against the file; entries are capped in
/// number, in size and in expansion ratio, so that no archive makes the reader allocate much
/// more than the file holds; CRC-32 and sizes are checked after inflating. Deliberately not
/// read (``NotationError/Code/unsupportedArchive``): ZIP64, archives spanning disks, encrypted
/// entries, and compression methods other than stored (0) and deflated (8).
package struct ZipArchive {
    /// One entry of the central directory (APPNOTE 4.3.12).
    package struct Entry: Sendable, Hashable {
        /// The name as stored (UTF-8, or CP437 read as UTF-8: tagrules looks only for ASCII names).
        package let name: String
        let flags: UInt16
        let method: UInt16
        let crc32: UInt32
        let compressedSize: Int
        let uncompressedSize: Int
        /// Where its local file header starts.
        let localHeaderOffset: Int
    }

    /// The most entries an archive may list (a MuseScore 4 file holds about ten).
    static let maxEntries = 10_000
    /// The most bytes one entry may inflate to.
    static let maxEntrySize = 64 << 20
    /// The most an entry over ``ratioFloor`` bytes may expand (uncompressed ÷ compressed).
    /// Notation XML compresses about 10 to 40 times; deflate allows up to 1032.
    static let maxRatio = 200
    /// Entries smaller than this may expand without limit: they are harmless.
    static let ratioFloor = 1 << 20

    let bytes: [UInt8]
    package let entries: [Entry]

    /// Reads the central directory of `bytes`.
    ///
    /// - Throws: ``NotationError`` (without a path) when the archive is damaged, hostile or
    ///   uses what is not read.
    package init(_ bytes: [UInt8]) throws(NotationError) {
        self.bytes = bytes
        let end = try Self.endOfCentralDirectory(in: bytes)
        var entries: [Entry] = []
        var offset = end.directoryOffset
        for index in 0..<end.entryCount {
            guard let entry = try Self.entry(at: offset, in: bytes, before: end.directoryEnd) else {
                throw NotationError(.damagedArchive, "central directory entry \(index + 1) at byte \(offset) is broken")
            }
            entries.append(entry.entry)
            offset = entry.next
        }
        self.entries = entries
    }

    /// The entry named `name`, compared exactly.
    func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The bytes of `entry`, inflated and checked.
    package func contents(of entry: Entry) throws(NotationError) -> [UInt8] {
        let name = "entry '\(entry.name)'"
        guard entry.flags & 0x1 == 0 else { throw NotationError(.unsupportedArchive, "\(name) is encrypted") }
        guard entry.method == 0 || entry.method == 8 else {
            throw NotationError(.unsupportedArchive, "\(name) uses compression method \(entry.method), not stored or deflated")
        }
        guard entry.uncompressedSize <= Self.maxEntrySize else {
            throw NotationError(.hostileArchive, "\(name) declares \(entry.uncompressedSize) bytes, more than \(Self.maxEntrySize)")
        }
        guard entry.uncompressedSize < Self.ratioFloor
            || entry.uncompressedSize / max(1, entry.compressedSize) <= Self.maxRatio
        else {
            throw NotationError(
                .hostileArchive,
                "\(name) would expand \(entry.uncompressedSize / max(1, entry.compressedSize)) times, more than \(Self.maxRatio)")
        }
        let header = entry.localHeaderOffset
        guard header <= bytes.count - 30, Self.uint32(bytes, header) == 0x0403_4B50 else {
            throw NotationError(.damagedArchive, "\(name) has no local header at byte \(header)")
        }
        let dataStart = header + 30 + Int(Self.uint16(bytes, header + 26)) + Int(Self.uint16(bytes, header + 28))
        guard dataStart <= bytes.count, entry.compressedSize <= bytes.count - dataStart else {
            throw NotationError(.damagedArchive, "\(name) runs past the end of the file")
        }
        let data = Array(bytes[dataStart..<dataStart + entry.compressedSize])
        let contents: [UInt8]
        if entry.method == 0 {
            contents = data
        } else {
            switch Inflater.run(data, windowBits: -15, limit: entry.uncompressedSize) {
            case .decoded(let inflated, clean: true):
                contents = inflated
            case .decoded:
                throw NotationError(.damagedArchive, "\(name) is cut short or corrupt")
            case .tooLarge:
                throw NotationError(.damagedArchive, "\(name) inflates to more than the \(entry.uncompressedSize) bytes it declares")
            case .failed(let reason):
                throw NotationError(.damagedArchive, "\(name) does not inflate: \(reason)")
            }
        }
        guard contents.count == entry.uncompressedSize else {
            throw NotationError(
                .damagedArchive, "\(name) holds \(contents.count) bytes, not the \(entry.uncompressedSize) it declares")
        }
        guard Inflater.crc32(contents[...]) == entry.crc32 else {
            throw NotationError(.damagedArchive, "\(name) fails its CRC-32 check")
        }
        return contents
    }

    // MARK: - Structure

    /// What the end of central directory record (APPNOTE 4.3.16) says.
    private struct End {
        let entryCount: Int
        let directoryOffset: Int
        /// Where the central directory must end: the record's own offset.
        let directoryEnd: Int
    }

    /// The last end of central directory record, within the 64 KiB comment it may be followed by.
    private static func endOfCentralDirectory(in bytes: [UInt8]) throws(NotationError) -> End {
        guard bytes.count >= 22 else { throw NotationError(.damagedArchive, "the file is too short to be a ZIP archive") }
        var offset = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        while offset >= lowest, uint32(bytes, offset) != 0x0605_4B50 { offset -= 1 }
        guard offset >= lowest else {
            throw NotationError(.damagedArchive, "no end of central directory record: not a ZIP archive, or cut short")
        }
        let disk = uint16(bytes, offset + 4), directoryDisk = uint16(bytes, offset + 6)
        let onDisk = uint16(bytes, offset + 8), total = uint16(bytes, offset + 10)
        let size = uint32(bytes, offset + 12), start = uint32(bytes, offset + 16)
        let hasZip64Locator = offset >= 20 && uint32(bytes, offset - 20) == 0x0706_4B50
        if hasZip64Locator || size == 0xFFFF_FFFF || start == 0xFFFF_FFFF {
            throw NotationError(.unsupportedArchive, "ZIP64 archives are not read")
        }
        guard disk == 0, directoryDisk == 0, onDisk == total else {
            throw NotationError(.unsupportedArchive, "archives spanning several disks are not read")
        }
        guard Int(total) <= maxEntries else {
            throw NotationError(.hostileArchive, "the archive lists \(total) entries, more than \(maxEntries)")
        }
        guard Int(start) <= offset, Int(size) <= offset - Int(start) else {
            throw NotationError(.damagedArchive, "the central directory (\(size) bytes at byte \(start)) lies outside the file")
        }
        return End(entryCount: Int(total), directoryOffset: Int(start), directoryEnd: Int(start) + Int(size))
    }

    /// The central directory file header at `offset` (APPNOTE 4.3.12) and where the next one
    /// starts; nil when it is broken or passes `end`.
    private static func entry(at offset: Int, in bytes: [UInt8], before end: Int) throws(NotationError) -> (entry: Entry, next: Int)? {
        guard offset <= end - 46, uint32(bytes, offset) == 0x0201_4B50 else { return nil }
        let nameLength = Int(uint16(bytes, offset + 28))
        let next = offset + 46 + nameLength + Int(uint16(bytes, offset + 30)) + Int(uint16(bytes, offset + 32))
        guard next <= end else { return nil }
        let compressed = uint32(bytes, offset + 20), uncompressed = uint32(bytes, offset + 24)
        let local = uint32(bytes, offset + 42)
        if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || local == 0xFFFF_FFFF {
            throw NotationError(.unsupportedArchive, "ZIP64 entries are not read")
        }
        let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
        let entry = Entry(
            name: name, flags: uint16(bytes, offset + 8), method: uint16(bytes, offset + 10),
            crc32: uint32(bytes, offset + 16), compressedSize: Int(compressed), uncompressedSize: Int(uncompressed),
            localHeaderOffset: Int(local))
        return (entry, next)
    }

    /// The little-endian 16-bit value at `offset` (the caller checked the bounds).
    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    /// The little-endian 32-bit value at `offset` (the caller checked the bounds).
    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(uint16(bytes, offset)) | UInt32(uint16(bytes, offset + 2)) << 16
    }
}
