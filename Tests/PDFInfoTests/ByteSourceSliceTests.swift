import Testing
@testable import PDFInfo

/// `ByteSource.bytes(in:)`, which slices a window instead of copying, against `read(_:)`.
struct ByteSourceSliceTests {
    private static let bytes = (0..<100).map { UInt8($0 * 7 % 256) }

    /// Every range within and around the source, in windows of several sizes (ranges inside one
    /// window, across window ends, past the end of the source, empty), reads alike either way.
    @Test(arguments: [1, 3, 16, 100])
    func slicesReadLikeCopies(windowSize: Int) throws {
        let source = LexerFastPathTests.SmallWindowSource(Self.bytes, size: windowSize)
        for lower in stride(from: -2, through: 103, by: 1) {
            for upper in stride(from: max(lower, 0), through: 106, by: 3) where lower <= upper {
                let range = lower..<upper
                #expect(Array(try source.bytes(in: range)) == (try source.read(range)), "\(range) in windows of \(windowSize)")
            }
        }
        let memory = MemoryByteSource(Self.bytes)
        #expect(Array(try memory.bytes(in: 40..<60)) == (try memory.read(40..<60)))
    }

    /// An xref row read from a slice that does not start at index 0 reads as the same row.
    @Test func xrefRowsReadFromSlices() throws {
        let text = Array("junk before 0000012345 00007 n\r\n0000000000 65535 f \n".utf8)
        let source = LexerFastPathTests.SmallWindowSource(text, size: 64)
        let inUse = try #require(FixedRow(try source.bytes(in: 12..<32)))
        #expect(inUse.offset == 12345 && inUse.generation == 7 && inUse.inUse)
        let free = try #require(FixedRow(try source.bytes(in: 32..<52)))
        #expect(free.offset == 0 && free.generation == 65535 && !free.inUse)
        #expect(FixedRow(try source.bytes(in: 11..<31)) == nil)
        #expect(FixedRow(try source.bytes(in: 40..<60)) == nil)
    }

    /// Rows read from slices at any start, against the row's grammar (ISO 32000-1 §7.5.4):
    /// ten digits, a space, five digits, a space, `n` or `f`, two whitespace bytes.
    @Test func xrefRowsMatchTheirGrammar() {
        func grammar(_ row: [UInt8]) -> (offset: Int, generation: Int, inUse: Bool)? {
            let digits = Set(Array("0123456789".utf8))
            let whitespace: Set<UInt8> = [0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20]
            guard row.count == 20, row[0..<10].allSatisfy(digits.contains), row[10] == 0x20,
                  row[11..<16].allSatisfy(digits.contains), row[16] == 0x20, row[17] == 0x6E || row[17] == 0x66,
                  whitespace.contains(row[18]), whitespace.contains(row[19]) else { return nil }
            return (Int(String(decoding: row[0..<10], as: UTF8.self))!, Int(String(decoding: row[11..<16], as: UTF8.self))!, row[17] == 0x6E)
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789 nf\r\nx".utf8) + [0x00, 0x09, 0x0C]
        for _ in 0..<5_000 {
            func padded(_ value: Int, _ width: Int) -> String {
                String(repeating: "0", count: width - String(value).count) + String(value)
            }
            let kind = Bool.random(using: &generator) ? "n" : "f"
            var row = Array((padded(Int.random(in: 0..<10_000_000_000, using: &generator), 10) + " "
                + padded(Int.random(in: 0..<100_000, using: &generator), 5) + " " + kind + "\r\n").utf8)
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                row[Int.random(in: 0..<20, using: &generator)] = alphabet.randomElement(using: &generator)!
            }
            let padding = Int.random(in: 0...5, using: &generator)
            let slice = (Array(repeating: UInt8(0x41), count: padding) + row)[padding...]
            let read = FixedRow(slice)
            let expected = grammar(row)
            #expect(read?.offset == expected?.offset && read?.generation == expected?.generation && read?.inUse == expected?.inUse,
                    "\(String(decoding: row, as: UTF8.self))")
        }
    }
}
