import Foundation
import Testing

@testable import TagrulesKit
import TestSupport

/// Reports written as chunks (`Terminal.writeAll(_:to:)`, one `writev` per `IOV_MAX` pieces):
/// the file holds the chunks in order, whatever their number and sizes.
struct ChunkedOutputTests {
    @Test(arguments: [0, 1, 3, 1023, 1024, 1025, 3000])
    func chunksAreWrittenInOrder(count: Int) throws {
        var generator = SplitMix64(seed: UInt64(count))
        let chunks = (0..<count).map { index in
            // Empty chunks, tiny ones and a few larger than a pipe's buffer.
            let size = [0, 1, 7, 100, 70_000][Int.random(in: 0..<5, using: &generator)]
            var sink = ByteSink(capacity: 16)
            for offset in 0..<size { sink.append(UInt8(truncatingIfNeeded: index &+ offset)) }
            return sink.takeChunk()
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tagrules-chunks-\(UUID().uuidString)").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0)
        defer { unlink(path) }
        Terminal.writeAll(chunks, to: descriptor)
        close(descriptor)
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == Array(chunks.joined()))
    }
}
