import Foundation
import Testing

@testable import PDFInfo

/// FlateDecode and predictors (ISO 32000-1 §7.4.4). Compressed inputs come from Python's zlib,
/// an independent encoder; predictor vectors are worked by hand or filtered forward in the test.
struct FilterTests {
    // MARK: - Flate

    /// `zlib.compress(b"Hello, PDF! " * 3)`.
    static let helloZlib: [UInt8] = [
        0x78, 0x9C, 0xF3, 0x48, 0xCD, 0xC9, 0xC9, 0xD7, 0x51, 0x08, 0x70, 0x71, 0x53, 0x54, 0xF0,
        0xC0, 0xC1, 0x06, 0x00, 0xC3, 0xE1, 0x0A, 0x12,
    ]
    static let hello = Array(String(repeating: "Hello, PDF! ", count: 3).utf8)

    @Test func inflatesAZlibStream() throws {
        let result = try FlateDecoder.inflate(Self.helloZlib, maxOutput: 1000)
        #expect(result.bytes == Self.hello)
        #expect(!result.truncated)
    }

    @Test func inflatesRawDeflateWithoutZlibHeader() throws {
        // The same data compressed with wbits = -15: no header, no Adler-32 (pdf.js accepts it).
        let raw = Array(Self.helloZlib[2..<19])
        let result = try FlateDecoder.inflate(raw, maxOutput: 1000)
        #expect(result.bytes == Self.hello)
        #expect(!result.truncated)
    }

    @Test func ignoresBytesAfterTheEndOfTheStream() throws {
        let result = try FlateDecoder.inflate(Self.helloZlib + Array("\r\nendstream".utf8), maxOutput: 1000)
        #expect(result.bytes == Self.hello)
        #expect(!result.truncated)
    }

    @Test func badChecksumKeepsTheDataButFlagsIt() throws {
        var damaged = Self.helloZlib
        damaged[damaged.count - 1] ^= 0xFF
        let result = try FlateDecoder.inflate(damaged, maxOutput: 1000)
        #expect(result.bytes == Self.hello)
        #expect(result.truncated)
    }

    @Test func matchesPythonZlibOnLargeInputAndToleratesTruncation() throws {
        var generator = SystemRandomNumberGenerator()
        // Compressible but varied: random words from a small alphabet.
        let original = (0..<200_000).map { _ in UInt8(ascii: "a") + UInt8.random(in: 0..<6, using: &generator)
        }
        let compressed = try Self.runPython(
            "import sys, zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read(), 6))",
            input: original)
        let whole = try FlateDecoder.inflate(compressed, maxOutput: original.count)
        #expect(whole.bytes == original)
        #expect(!whole.truncated)

        let cut = Array(compressed.prefix(compressed.count / 2))
        let partial = try FlateDecoder.inflate(cut, maxOutput: original.count)
        #expect(partial.truncated)
        #expect(partial.bytes.count > 0 && partial.bytes.count < original.count)
        #expect(Array(original.prefix(partial.bytes.count)) == partial.bytes)
    }

    @Test func capsTheOutput() throws {
        let exact = try FlateDecoder.inflate(Self.helloZlib, maxOutput: Self.hello.count)
        #expect(exact.bytes == Self.hello)
        let error = #expect(throws: PDFError.self) {
            try FlateDecoder.inflate(Self.helloZlib, maxOutput: Self.hello.count - 1)
        }
        #expect(error?.code == .limitExceeded)
    }

    @Test(arguments: [
        [UInt8](),  // nothing at all
        [0x78, 0x9C],  // a zlib header and nothing else
    ])
    func emptyOrHeaderOnlyInputIsTruncatedAndEmpty(input: [UInt8]) throws {
        let result = try FlateDecoder.inflate(input, maxOutput: 100)
        #expect(result.bytes.isEmpty)
        #expect(result.truncated)
    }

    @Test func garbageIsMalformed() {
        // 0xFF as the first deflate block header is the reserved block type 3.
        let error = #expect(throws: PDFError.self) {
            try FlateDecoder.inflate([0xFF, 0xFF, 0xFF, 0xFF], maxOutput: 100)
        }
        #expect(error?.code == .malformed)
    }

    // MARK: - PNG predictors

    /// Hand-worked rows (bpp 1): the previous row, the filtered row, the expected row.
    @Test(arguments: [
        (filter: 0, previous: [10, 20, 30], filtered: [1, 2, 3], expected: [1, 2, 3]),
        (filter: 1, previous: [10, 20, 30], filtered: [1, 2, 3], expected: [1, 3, 6]),
        (filter: 2, previous: [10, 20, 30], filtered: [1, 2, 3], expected: [11, 22, 33]),
        (filter: 2, previous: [250, 20, 30], filtered: [10, 2, 3], expected: [4, 22, 33]),
        (filter: 3, previous: [10, 20, 30], filtered: [1, 2, 3], expected: [6, 15, 25]),
        // Average must not overflow 8 bits: (200 + 250) / 2 = 225.
        (filter: 3, previous: [250, 250, 0], filtered: [75, 0, 0], expected: [200, 225, 112]),
        // Paeth picks up (11), then up-left (11), then left (16).
        (filter: 4, previous: [11, 12, 13], filtered: [255, 5, 3], expected: [10, 16, 19]),
    ])
    func pngFilterTypes(filter: Int, previous: [Int], filtered: [Int], expected: [Int]) throws {
        // Row 0 (filter None) sets up the previous row; row 1 uses the filter under test.
        let data = [0] + previous + [filter] + filtered
        let decoded = try PredictorDecoder.decode(
            data.map(UInt8.init), predictor: 12, colors: 1, bitsPerComponent: 8, columns: 3)
        #expect(decoded == (previous + expected).map(UInt8.init))
    }

    @Test(arguments: [
        (colors: 1, bits: 8, columns: 5), (3, 8, 4), (1, 16, 3), (4, 8, 2), (2, 4, 5), (1, 1, 13),
    ])
    func pngRoundTripAgainstAForwardFilter(colors: Int, bits: Int, columns: Int) throws {
        let rowBytes = (colors * bits * columns + 7) / 8
        let pixelBytes = max(1, colors * bits / 8)
        var generator = SystemRandomNumberGenerator()
        let rows = (0..<6).map { _ in (0..<rowBytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        var encoded: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: rowBytes)
        for (number, row) in rows.enumerated() {
            let filter = number % 5
            encoded.append(UInt8(filter))
            encoded += Self.pngFilter(filter, row: row, previous: previous, pixelBytes: pixelBytes)
            previous = row
        }
        let decoded = try PredictorDecoder.decode(
            encoded, predictor: 15, colors: colors, bitsPerComponent: bits, columns: columns)
        #expect(decoded == rows.flatMap { $0 })
    }

    @Test func pngToleratesAShortLastRow() throws {
        // Xref stream style: /Columns 4, rows filtered Up; the last row lost two bytes.
        let data: [UInt8] = [2, 1, 0, 16, 0, 2, 0, 0, 1, 0, 2, 0, 1]
        let decoded = try PredictorDecoder.decode(
            data, predictor: 12, colors: 1, bitsPerComponent: 8, columns: 4)
        #expect(decoded == [1, 0, 16, 0, 1, 0, 17, 0, 1, 1])
    }

    @Test func pngRejectsAnUnknownFilterTypeInTheFirstRow() {
        #expect(throws: PDFError.self) {
            try PredictorDecoder.decode([5, 1, 2], predictor: 12, colors: 1, bitsPerComponent: 8, columns: 2)
        }
    }

    @Test func pngEndsTheDataAtAnUnknownFilterTypeAfterGoodRows() throws {
        // Two good rows, then garbage (a damaged xref stream in the corpus looks like this).
        let data: [UInt8] = [0, 1, 2, 2, 1, 1, 255, 9, 9]
        #expect(try PredictorDecoder.decode(data, predictor: 12, colors: 1, bitsPerComponent: 8, columns: 2) == [1, 2, 2, 3])
    }

    @Test func predictorOneIsIdentity() throws {
        #expect(
            try PredictorDecoder.decode([9, 8, 7], predictor: 1, colors: 1, bitsPerComponent: 8, columns: 1)
                == [9, 8, 7])
    }

    @Test(arguments: [
        (predictor: 3, colors: 1, bits: 8, columns: 1),  // not a predictor
        (16, 1, 8, 1),
        (12, 0, 8, 1),  // no colours
        (12, 1, 7, 1),  // odd bit depth
        (12, 1, 8, 0),  // no columns
        (12, 4, 16, Int.max / 8),  // row size overflows
        (2, 1, 8, 1 << 30),  // row larger than the cap
    ])
    func hostileParametersAreRejected(predictor: Int, colors: Int, bits: Int, columns: Int) {
        #expect(throws: PDFError.self) {
            try PredictorDecoder.decode(
                [0, 1, 2, 3], predictor: predictor, colors: colors, bitsPerComponent: bits, columns: columns)
        }
    }

    // MARK: - TIFF predictor 2

    @Test(arguments: [
        // 8-bit RGB: each component adds the same component of the sample to its left.
        (
            colors: 3, bits: 8, columns: 3, input: [10, 20, 30, 1, 2, 3, 1, 1, 1],
            expected: [10, 20, 30, 11, 22, 33, 12, 23, 34]
        ),
        // Two rows: the sum restarts at each row; 8-bit wrap-around.
        (1, 8, 2, [250, 10, 5, 5], [250, 4, 5, 10]),
        // 16-bit big-endian: 0x0100, +0x00FF = 0x01FF, +0xFF02 = 0x0101 (mod 65536).
        (1, 16, 3, [0x01, 0x00, 0x00, 0xFF, 0xFF, 0x02], [0x01, 0x00, 0x01, 0xFF, 0x01, 0x01]),
        // 1-bit: a running XOR. 1000 0000 -> 1111 1111.
        (1, 1, 8, [0x80], [0xFF]),
        // 4-bit: nibbles 1 2 F 3 -> 1 3 2 5.
        (1, 4, 4, [0x12, 0xF3], [0x13, 0x25]),
        // 2-bit, 2 colours, 3 columns: 12 bits used, the 4 padding bits stay as they were.
        (2, 2, 3, [0x6F, 0x5A], [0x61, 0x6A]),
    ])
    func tiffPredictor(colors: Int, bits: Int, columns: Int, input: [Int], expected: [Int]) throws {
        let decoded = try PredictorDecoder.decode(
            input.map(UInt8.init), predictor: 2, colors: colors, bitsPerComponent: bits, columns: columns)
        #expect(decoded == expected.map(UInt8.init))
    }

    @Test func randomInputNeverTraps() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? FlateDecoder.inflate(bytes, maxOutput: 10_000)
            _ = try? FlateDecoder.inflate([0x78, 0x9C] + bytes, maxOutput: 10_000)
            let predictor = [1, 2, 10, 11, 12, 13, 14, 15].randomElement(using: &generator)!
            _ = try? PredictorDecoder.decode(
                bytes, predictor: predictor, colors: Int.random(in: 1...5, using: &generator),
                bitsPerComponent: [1, 2, 4, 8, 16].randomElement(using: &generator)!,
                columns: Int.random(in: 1...40, using: &generator))
        }
        let unlimited = try FlateDecoder.inflate(Self.helloZlib, maxOutput: Int.max)
        #expect(unlimited.bytes == Self.hello)
    }

    // MARK: - Helpers

    /// The PNG encoder's side (RFC 2083 §6): subtract the prediction from each byte.
    static func pngFilter(_ type: Int, row: [UInt8], previous: [UInt8], pixelBytes: Int) -> [UInt8] {
        row.indices.map { index in
            let left = index >= pixelBytes ? Int(row[index - pixelBytes]) : 0
            let up = Int(previous[index])
            let upLeft = index >= pixelBytes ? Int(previous[index - pixelBytes]) : 0
            let prediction: Int
            switch type {
            case 1: prediction = left
            case 2: prediction = up
            case 3: prediction = (left + up) >> 1
            case 4:
                let p = left + up - upLeft
                let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                prediction = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
            default: prediction = 0
            }
            return UInt8((Int(row[index]) - prediction) & 0xFF)
        }
    }

    /// Runs `python3 -c script`, feeding `input` on stdin; returns stdout. Throws when Python fails.
    static func runPython(_ script: String, arguments: [String] = [], input: [UInt8] = []) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write and read concurrently so that neither pipe buffer fills up.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonFailure(message: String(decoding: errors, as: UTF8.self))
        }
        return Array(output)
    }

    struct PythonFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { "python3 failed: \(message)" }
    }
}
