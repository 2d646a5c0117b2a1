import Foundation
import Testing

@testable import PDFInfo

/// Object streams inflated only as far as the objects read need (`IncrementalInflater`,
/// `ObjectStreamContents.object`), against decoding them whole first: the same bytes, the same
/// objects, the same errors, on every object stream of the corpus and on hostile streams.
struct IncrementalObjectStreamTests {
    /// What reading one member gives: its value, or its error.
    static func outcome(_ read: () throws(PDFError) -> PDFObject?) -> String {
        do throws(PDFError) {
            return try read().map { "\($0)" } ?? "nil"
        } catch {
            return "error \(error.code) \(error.message) \(error.offset ?? -1)"
        }
    }

    /// Every member (and a position no member has) read from contents made by `make`, one
    /// contents for all of them in `order`, and fresh contents for the first few read (each
    /// then the first object its stream is inflated for).
    static func readings(
        count: Int, members: [Int], order: [Int], make: () throws(PDFError) -> ObjectStreamContents
    ) -> [String] {
        var results: [String] = []
        do throws(PDFError) {
            let shared = try make()
            for (step, position) in order.enumerated() {
                let number = position < members.count ? members[position] : 999_999
                results.append(outcome { () throws(PDFError) in try shared.object(number: number, index: position) })
                guard step < 12 else { continue }
                let fresh = try make()
                results.append(outcome { () throws(PDFError) in try fresh.object(number: number, index: position) })
            }
        } catch {
            results.append("init error \(error.code) \(error.message)")
        }
        return results
    }

    /// The orders a reader may ask in: stream order, and shuffled.
    static func orders(_ count: Int) -> [[Int]] {
        let forward = Array(0...count)
        var generator = SystemRandomNumberGenerator()
        return [forward, forward.shuffled(using: &generator)]
    }

    @Test func corpusObjectStreamsReadAlike() throws {
        var streams = 0
        for name in Corpus.files {
            guard let document = try? PDFDocument.open(path: Corpus.path(name)) else { continue }
            var numbers = Set<Int>()
            let size = min(document.trailer["Size"]?.integerValue ?? 0, 100_000)
            for number in 0..<size {
                if case .compressed(let stream, _)? = try? document.xref.entry(number) { numbers.insert(stream) }
            }
            for number in numbers.sorted() {
                guard case .stream(let stream)? = try? document.object(ObjectRef(number)),
                      let count = stream.dictionary["N"]?.integerValue, count >= 0, count <= 10_000,
                      let first = stream.dictionary["First"]?.integerValue, first >= 0 else { continue }
                streams += 1
                let members = (try? ObjectStreamContents(stream: stream, document: document, number: number))?.memberNumbers ?? []
                for order in Self.orders(members.count) {
                    let lazy = Self.readings(count: count, members: members, order: order) { () throws(PDFError) in
                        try ObjectStreamContents(stream: stream, document: document, number: number)
                    }
                    let whole = Self.readings(count: count, members: members, order: order) { () throws(PDFError) in
                        let bytes = try document.decodedData(of: stream, maxOutput: ObjectStreamContents.maxDecodedSize)
                        return try ObjectStreamContents(data: IncrementalInflater(finished: bytes), first: first, count: count)
                    }
                    // Inflated on demand whatever its length, as longer streams are.
                    let forced = Self.readings(count: count, members: members, order: order) { () throws(PDFError) in
                        let data = try StreamDecoder.incrementalData(
                            of: stream, source: document.source, maxOutput: ObjectStreamContents.maxDecodedSize,
                            decrypt: document.streamDecryption(for: stream), minimumInput: 0)
                        return try ObjectStreamContents(data: data, first: first, count: count)
                    }
                    #expect(lazy == whole, "\(name) object stream \(number)")
                    #expect(forced == whole, "\(name) object stream \(number), inflated on demand")
                }
            }
        }
        #expect(streams > 20)
    }

    /// Object bodies a hostile stream may hold: containers nested, unbalanced and cut short,
    /// strings with escaped and nested parentheses, keywords, comments, bare numbers.
    static let pieces = [
        "<<", ">>", "[", "]", "/Type", "/A", " ", "\n", "1 0 R", "12", "-3.5", "(a\\)b)", "(x(y)z)", "(", ")", "<41 42>",
        "<", ">", "%c\n", "endobj", "stream", "true", "null", "R", "0", "\\", "<</K [1 2 0 R] /S (s)>>",
    ]

    /// A random object stream body: a header of `count` pairs (offsets in order or not), then objects.
    static func randomStream(count: Int, using generator: inout SystemRandomNumberGenerator) -> (body: [UInt8], first: Int) {
        var objects: [UInt8] = []
        var offsets: [Int] = []
        for _ in 0..<count {
            offsets.append(objects.count)
            let object = (0..<Int.random(in: 1...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            objects += Array(object.utf8) + Array((Bool.random(using: &generator) ? "\n" : "").utf8)
            // Long objects too, past the inflater's first steps.
            if Int.random(in: 0..<6, using: &generator) == 0 {
                objects += Array(("<< /Long (" + String(repeating: "ab", count: Int.random(in: 100...2_000, using: &generator)) + ") >>").utf8)
            }
        }
        if Bool.random(using: &generator) { offsets.shuffle(using: &generator) }
        let header = offsets.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: " ") + " "
        return (Array(header.utf8) + objects, header.utf8.count)
    }

    /// zlib streams of `payloads` (Python's encoder), in one run.
    static func compressed(_ payloads: [[UInt8]]) throws -> [[UInt8]] {
        var framed: [UInt8] = []
        for payload in payloads {
            withUnsafeBytes(of: UInt32(payload.count).bigEndian) { framed += $0 }
            framed += payload
        }
        let script = """
            import sys, zlib, struct, random
            data = sys.stdin.buffer.read(); out = sys.stdout.buffer; i = 0
            while i < len(data):
                (n,) = struct.unpack('>I', data[i:i + 4]); body = zlib.compress(data[i + 4:i + 4 + n], random.choice([1, 6, 9])); i += 4 + n
                out.write(struct.pack('>I', len(body)) + body)
            """
        let output = try FilterTests.runPython(script, input: framed)
        var results: [[UInt8]] = []
        var index = 0
        while index + 4 <= output.count {
            let length = output[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            results.append(Array(output[(index + 4)..<(index + 4 + length)]))
            index += 4 + length
        }
        return results
    }

    @Test func hostileStreamsReadAlike() throws {
        var generator = SystemRandomNumberGenerator()
        var samples = (0..<60).map { _ in Self.randomStream(count: Int.random(in: 0...8, using: &generator), using: &generator) }
        // Offsets far past the end, near `Int.max`, and a member offset that is not a number.
        for header in ["1 0 2 99999999 3 9223372036854775000 ", "1 0 2 9223372036854775807 ", "1 0 2 x "] {
            let body = "<< /A (" + String(repeating: "z", count: 3_000) + ") >> [1 2 3]"
            samples.append((Array((header + body).utf8), header.utf8.count))
        }
        let encoded = try Self.compressed(samples.map(\.body))
        try #require(encoded.count == samples.count)
        for (sample, data) in zip(samples, encoded) {
            // Whole, cut short, and damaged at random bytes.
            var inputs = [data, Array(data.prefix(data.count / 2)), Array(data.prefix(data.count - 5))]
            var damaged = data
            damaged[Int.random(in: 2..<damaged.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            inputs.append(damaged)
            let count = sample.body.isEmpty ? 0 : Int.random(in: 0...9, using: &generator)
            for input in inputs {
                for first in [sample.first, sample.first + Int.random(in: -3...7, using: &generator)] where first >= 0 {
                    for order in Self.orders(9) {
                        let members = Array(1...9)
                        let lazy = Self.readings(count: count, members: members, order: order) { () throws(PDFError) in
                            guard let inflater = IncrementalInflater(zlibData: input, maxOutput: ObjectStreamContents.maxDecodedSize, minimumInput: 0) else {
                                throw PDFError(.malformed, "no incremental inflater")
                            }
                            return try ObjectStreamContents(data: inflater, first: first, count: count)
                        }
                        let whole = Self.readings(count: count, members: members, order: order) { () throws(PDFError) in
                            let bytes = try FlateDecoder.inflatedBytes(input, maxOutput: ObjectStreamContents.maxDecodedSize)
                            return try ObjectStreamContents(data: IncrementalInflater(finished: bytes), first: first, count: count)
                        }
                        #expect(lazy == whole, "\(String(decoding: sample.body, as: UTF8.self)) first \(first)")
                    }
                }
            }
        }
    }

    /// Inflated in random steps, the bytes grow as prefixes of `inflatedBytes`'s, and end as
    /// all of them or its error; inputs without a zlib header or too long are declined.
    @Test func stepsGivePrefixesOfTheWholeOutput() throws {
        var generator = SystemRandomNumberGenerator()
        var inputs = try FlateChunkingTests.compressedSamples()
        for sample in inputs where sample.count > 4 {
            inputs.append(Array(sample.prefix(sample.count / 2)))
            var damaged = sample
            damaged[Int.random(in: 2..<damaged.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            inputs.append(damaged)
        }
        // A header alone, and a header then data that is not deflate at all.
        inputs += [[0x78, 0x9C], [0x78, 0x9C, 0xFF, 0xFF, 0xFF]]
        for input in inputs {
            let limit = 1 << 26
            let whole = Result { () throws(PDFError) in try FlateDecoder.inflatedBytes(input, maxOutput: limit) }
            guard let inflater = IncrementalInflater(zlibData: input, maxOutput: limit, minimumInput: 0) else {
                // Declined: no zlib header, or so long that only a whole decode tells the limit error.
                let declinable = !FlateDecoder.hasZlibHeader(input) || input.count > (limit - IncrementalInflater.maxRatio) / IncrementalInflater.maxRatio
                #expect(declinable, "\(input.prefix(16)), \(input.count) bytes")
                continue
            }
            var outcome: Result<[UInt8], PDFError> = .success([])
            var wanted = 0
            while !inflater.isFinished {
                wanted += Int.random(in: 1...3_000, using: &generator)
                do throws(PDFError) {
                    try inflater.inflate(toAtLeast: wanted)
                } catch {
                    outcome = .failure(error)
                    break
                }
                if case .success(let bytes) = whole, !inflater.isFinished {
                    #expect(inflater.bytes.count >= wanted && bytes.starts(with: inflater.bytes))
                }
            }
            if case .failure = outcome {} else { outcome = .success(inflater.bytes) }
            #expect(outcome.map { $0 } == whole, "\(input.prefix(16))")
        }
        #expect(IncrementalInflater(zlibData: [0x78, 0x9C, 0x03, 0x00], maxOutput: 100, minimumInput: 0) == nil)
        #expect(IncrementalInflater(zlibData: [0x78, 0x9C, 0x03, 0x00], maxOutput: 1 << 26) == nil)
    }
}
