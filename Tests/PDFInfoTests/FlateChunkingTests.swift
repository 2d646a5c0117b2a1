import Foundation
import Inflate
import Testing

@testable import PDFInfo

/// `FlateDecoder.run` inflates into the output array in one `Z_FINISH` call when the output
/// fits, and reads on in chunks when it does not. These tests make the first call's room tiny
/// so that the chunked path runs, and check that both give the same outcome: the same bytes,
/// the same cleanliness, the same limit error, on whole, cut and damaged streams.
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

    @Test func oneCallAndChunkedCallsGiveTheSameOutcome() throws {
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
                for limit in [0, 9, 4_096, 150_000, 1 << 20, Int.max] {
                    let whole = Inflater.run(input, skipping: skip, windowBits: windowBits, limit: limit)
                    for firstCapacity in [1, 7, 4_095] {
                        let chunked = Inflater.run(
                            input, skipping: skip, windowBits: windowBits, limit: limit, firstCapacity: firstCapacity)
                        #expect(chunked == whole, "\(input.count) bytes, skip \(skip), limit \(limit), first \(firstCapacity)")
                    }
                }
            }
        }
    }

    @Test func outputLargerThanTheFirstRoomIsReadWhole() throws {
        let samples = try Self.compressedSamples()
        let large = try #require(samples.last)
        guard case .decoded(let bytes, let clean) = Inflater.run(large, windowBits: 15, limit: 1 << 20, firstCapacity: 16) else {
            Issue.record("the stream did not decode")
            return
        }
        #expect(bytes.count == 150_000)
        #expect(clean)
        #expect(bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    }
}
