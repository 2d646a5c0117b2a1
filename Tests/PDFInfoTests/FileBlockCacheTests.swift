import Foundation
import TestSupport
import Testing

@testable import PDFInfo

/// `FileByteSource`'s block cache (the blocks read, all dropped when there are
/// `BlockCache.maxBlocks`): a file of more blocks than it keeps, read in a random order
/// that comes back to blocks already read, evicted or not, reads as its bytes.
struct FileBlockCacheTests {
    @Test func readsTheFileAsWrittenAcrossEvictions() throws {
        var generator = SplitMix64(seed: 11)
        // 80 blocks of 16 KiB and a short last one: more than the 64 kept.
        let bytes = (0..<(80 * 16 * 1024 + 123)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("block-cache-\(UUID().uuidString).bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try FileByteSource(path: path)
        for _ in 0..<2_000 {
            let start = Int.random(in: 0..<bytes.count, using: &generator)
            let end = min(bytes.count + 8, start + Int.random(in: 0...40_000, using: &generator))
            #expect(try source.read(start..<end) == Array(bytes[start..<min(end, bytes.count)]), "\(start)..<\(end)")
            let (windowStart, window) = try source.window(containing: start)
            #expect(windowStart <= start && start < windowStart + window.count)
            #expect(window == Array(bytes[windowStart..<(windowStart + window.count)]))
        }
    }
}

