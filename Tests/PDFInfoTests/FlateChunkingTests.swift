import Foundation
import Testing

@testable import PDFInfo

/// `FlateDecoder.run` inflates a chunk of output per zlib call. These tests make the chunks
/// tiny, so that streams end, break off and pass the limit at and across chunk ends, and check
/// that the outcome does not depend on the chunk size: the same bytes, the same cleanliness,
/// the same limit error, on whole, cut and damaged streams.
struct FlateChunkingTests {
    /// zlib streams (Python's encoder) of varied payloads: empty, tiny, text-like, incompressible,
    /// and long enough to span several deflate blocks and output chunks.
    static func compressedSamples() throws -> [[UInt8]] {
        var generator = SystemRandomNumberGenerator()
        let payloads: [[UInt8]] = [
            [],
            Array("1 0 2 41 3 97 << /Type /Catalog /Pages 2 0 R >>".utf8),
            (0..<5_000).map { _ in UInt8(ascii: "a") + UInt8.random(in: 0..<6, using: &generator) },
            (0..<3_000).map { _ in UInt8.random(in: 0...255, using: &generator) },
            (0..<150_000).map { _ in UInt8(ascii: "0") + UInt8.random(in: 0..<10, using: &generator) },
        ]
        var samples: [[UInt8]] = []
        for payload in payloads {
            for level in [1, 9] {
                samples.append(try FilterTests.runPython(
                    "import sys, zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read(), \(level)))",
                    input: payload))
            }
        }
        return samples
    }

    @Test func chunkSizeDoesNotChangeTheOutcome() throws {
        var generator = SystemRandomNumberGenerator()
        var inputs: [[UInt8]] = []
        for sample in try Self.compressedSamples() {
            inputs.append(sample)
            // Cut short, and damaged at random bytes.
            inputs.append(Array(sample.prefix(sample.count / 2)))
            for _ in 0..<6 where !sample.isEmpty {
                var damaged = sample
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    damaged[Int.random(in: 0..<damaged.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
                }
                inputs.append(damaged)
            }
        }
        for input in inputs {
            for (skip, windowBits) in [(0, Int32(15)), (2, Int32(-15)), (0, Int32(-15))] {
                let body = Array(input.dropFirst(skip))
                for limit in [0, 9, 4_096, 150_000, 1 << 20, Int.max] {
                    let whole = FlateDecoder.run(body, windowBits: windowBits, limit: limit)
                    for chunkSize in [1, 7, 4_095] {
                        let chunked = FlateDecoder.run(body, windowBits: windowBits, limit: limit, chunkSize: chunkSize)
                        #expect(chunked == whole, "\(input.count) bytes, skip \(skip), limit \(limit), chunk \(chunkSize)")
                    }
                }
            }
        }
    }

    @Test func outputOfManyChunksIsReadWhole() throws {
        let samples = try Self.compressedSamples()
        let large = try #require(samples.last)
        guard case .decoded(let bytes, let clean) = FlateDecoder.run(large, windowBits: 15, limit: 1 << 20, chunkSize: 16) else {
            Issue.record("the stream did not decode")
            return
        }
        #expect(bytes.count == 150_000)
        #expect(clean)
        #expect(bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    }
}
