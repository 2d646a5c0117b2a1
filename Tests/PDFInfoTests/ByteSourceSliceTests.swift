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
}
