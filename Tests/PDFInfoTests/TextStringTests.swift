import Foundation
import Testing

@testable import PDFInfo

/// PDFDocEncoding and text strings (ISO 32000-1 §7.9.2.2, Annex D).
struct TextStringTests {
    // MARK: - PDFDocEncoding

    /// Every code where PDFDocEncoding differs from Latin-1 (ISO 32000-1 Table D.2).
    static let specialCodes: [(UInt8, UInt32)] = [
        (0x18, 0x02D8), (0x19, 0x02C7), (0x1A, 0x02C6), (0x1B, 0x02D9),
        (0x1C, 0x02DD), (0x1D, 0x02DB), (0x1E, 0x02DA), (0x1F, 0x02DC),
        (0x7F, 0xFFFD),
        (0x80, 0x2022), (0x81, 0x2020), (0x82, 0x2021), (0x83, 0x2026),
        (0x84, 0x2014), (0x85, 0x2013), (0x86, 0x0192), (0x87, 0x2044),
        (0x88, 0x2039), (0x89, 0x203A), (0x8A, 0x2212), (0x8B, 0x2030),
        (0x8C, 0x201E), (0x8D, 0x201C), (0x8E, 0x201D), (0x8F, 0x2018),
        (0x90, 0x2019), (0x91, 0x201A), (0x92, 0x2122), (0x93, 0xFB01),
        (0x94, 0xFB02), (0x95, 0x0141), (0x96, 0x0152), (0x97, 0x0160),
        (0x98, 0x0178), (0x99, 0x017D), (0x9A, 0x0131), (0x9B, 0x0142),
        (0x9C, 0x0153), (0x9D, 0x0161), (0x9E, 0x017E), (0x9F, 0xFFFD),
        (0xA0, 0x20AC), (0xAD, 0xFFFD),
    ]

    @Test(arguments: specialCodes)
    func pdfDocEncodingSpecialCodes(byte: UInt8, scalar: UInt32) {
        #expect(PDFDocEncoding.decode(byte).value == scalar)
        let undefined = scalar == 0xFFFD
        #expect(PDFDocEncoding.encode(Unicode.Scalar(scalar)!) == (undefined ? nil : byte))
    }

    @Test func pdfDocEncodingMatchesPikepdfCodecOnAllBytes() throws {
        let output = try FilterTests.runPython(
            "import sys, pikepdf.codec; sys.stdout.write(bytes(range(256)).decode('pdfdoc', errors='replace'))"
        )
        let pikepdf = Array(String(decoding: output, as: UTF8.self).unicodeScalars)
        #expect(pikepdf.count == 256)
        for byte in 0...255 where byte < pikepdf.count {
            #expect(PDFDocEncoding.decode(UInt8(byte)) == pikepdf[byte], "byte \(byte)")
        }
    }

    /// The ASCII shortcut of `PDFTextString.decode` gives what the byte-by-byte table gives.
    @Test func pdfDocEncodedStringsDecodeLikeTheTableByteByByte() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<300 {
            let pool: [UInt8] = length % 2 == 0 ? Array(0x00...0x7F) : Array(0x00...0xFF)
            let bytes = (0..<(length % 40)).map { _ in pool.randomElement(using: &generator)! }
            guard !bytes.starts(with: [0xFE, 0xFF]), !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xEF, 0xBB, 0xBF])
            else { continue }
            var expected = String.UnicodeScalarView()
            for byte in bytes { expected.append(PDFDocEncoding.decode(byte)) }
            #expect(Array(PDFTextString.decode(bytes).unicodeScalars) == Array(expected), "\(bytes)")
        }
    }

    @Test func pdfDocEncodingRoundTripsEveryDefinedByte() {
        for byte in UInt8.min...UInt8.max where ![0x7F, 0x9F, 0xAD].contains(byte) {
            #expect(PDFDocEncoding.encode(PDFDocEncoding.decode(byte)) == byte, "byte \(byte)")
        }
    }

    @Test(arguments: [0x18, 0x1F, 0x7F, 0x80, 0x9F, 0xA0, 0xAD, 0x100, 0x20AD, 0x1F600] as [UInt32])
    func unencodableScalars(value: UInt32) {
        #expect(PDFDocEncoding.encode(Unicode.Scalar(value)!) == nil)
    }

    // MARK: - Decoding

    @Test(
        arguments: [
            ("plain ASCII", [0x41, 0x62, 0x63], "Abc"),
            ("empty", [], ""),
            (
                "PDFDocEncoding, not Latin-1", [0x43, 0x61, 0x66, 0xE9, 0x20, 0x80, 0x20, 0xA0, 0x20, 0x93],
                "Café • € ﬁ"
            ),
            ("UTF-16BE", [0xFE, 0xFF, 0x00, 0x44, 0x00, 0x76, 0x01, 0x59], "Dvř"),
            ("UTF-16BE, BOM only", [0xFE, 0xFF], ""),
            ("UTF-16BE, odd trailing byte dropped", [0xFE, 0xFF, 0x00, 0x41, 0x00], "A"),
            ("UTF-16BE, surrogate pair", [0xFE, 0xFF, 0xD8, 0x34, 0xDD, 0x1E], "𝄞"),
            (
                "UTF-16BE, unpaired high surrogate", [0xFE, 0xFF, 0x00, 0x41, 0xD8, 0x00, 0x00, 0x42],
                "A\u{FFFD}B"
            ),
            ("UTF-16BE, unpaired low surrogate", [0xFE, 0xFF, 0xDC, 0x00, 0x00, 0x42], "\u{FFFD}B"),
            ("UTF-16BE, high surrogate at the end", [0xFE, 0xFF, 0x00, 0x41, 0xD8, 0x00], "A\u{FFFD}"),
            ("UTF-8 with BOM", [0xEF, 0xBB, 0xBF, 0x45, 0xE2, 0x99, 0xAD], "E♭"),
            ("UTF-8, ill-formed", [0xEF, 0xBB, 0xBF, 0x41, 0xFF, 0x42, 0xC3], "A\u{FFFD}B\u{FFFD}"),
            ("UTF-16LE", [0xFF, 0xFE, 0x4B, 0x6D, 0xD5, 0x8B], "测试"),
            ("UTF-16LE, odd trailing byte dropped", [0xFF, 0xFE, 0x41, 0x00, 0x42], "A"),
            ("FE alone is PDFDocEncoding", [0xFE, 0x41], "þA"),
            ("EF BB without BF is PDFDocEncoding", [0xEF, 0xBB, 0x41], "ï»A"),
            ("UTF-16BE language escape", [0xFE, 0xFF, 0x00, 0x1B, 0x65, 0x6E, 0x00, 0x1B, 0x00, 0x42], "B"),
            (
                "UTF-16BE language and country escape",
                [0xFE, 0xFF, 0x00, 0x41, 0x00, 0x1B, 0x6A, 0x61, 0x4A, 0x50, 0x00, 0x1B, 0x00, 0x42], "AB"
            ),
            (
                "UTF-16BE two escapes",
                [
                    0xFE, 0xFF, 0x00, 0x1B, 0x65, 0x6E, 0x00, 0x1B, 0x00, 0x41, 0x00, 0x1B, 0x66, 0x72, 0x00,
                    0x1B, 0x00, 0x42,
                ], "AB"
            ),
            (
                "UTF-16BE unclosed escape drops the rest",
                [0xFE, 0xFF, 0x00, 0x41, 0x00, 0x1B, 0x65, 0x6E, 0x00, 0x42], "A"
            ),
            ("UTF-16LE language escape", [0xFF, 0xFE, 0x1B, 0x00, 0x65, 0x6E, 0x1B, 0x00, 0x42, 0x00], "B"),
            ("UTF-8 language escape", [0xEF, 0xBB, 0xBF, 0x1B, 0x64, 0x65, 0x1B, 0xC3, 0xA4], "ä"),
            ("0x1B in PDFDocEncoding is a dot accent, not an escape", [0x1B, 0x41], "˙A"),
        ] as [(String, [UInt8], String)])
    func decodes(_ name: String, bytes: [UInt8], expected: String) {
        #expect(PDFTextString.decode(bytes) == expected, "\(name)")
        #expect(PDFTextString.decode(bytes[...]) == expected, "\(name) as a slice")
    }

    // MARK: - Encoding

    @Test(
        arguments: [
            ("Hello World", "(Hello World)"),
            ("", "()"),
            ("a(b)c\\d", "(a\\(b\\)c\\\\d)"),
            ("~ ^_^ ~", "(~ ^_^ ~)"),
            ("é", "<FEFF00E9>"),
            ("Dvořák", "<FEFF00440076006F015900E1006B>"),
            ("E♭", "<FEFF0045266D>"),
            ("𝄞", "<FEFFD834DD1E>"),
            ("Tab\there", "<FEFF00540061006200090068006500720065>"),
            ("line\nbreak", "<FEFF006C0069006E0065000A0062007200650061006B>"),
            ("\u{7F}", "<FEFF007F>"),
        ] as [(String, String)])
    func encodedTokenBytes(text: String, expected: String) {
        #expect(PDFTextString.encodedToken(text) == Array(expected.utf8))
    }

    @Test func encodedHexTokenUsesUppercaseDigits() {
        #expect(PDFTextString.encodedHexToken([0x00, 0xAB, 0x5F, 0xFF]) == Array("<00AB5FFF>".utf8))
        #expect(PDFTextString.encodedHexToken([]) == Array("<>".utf8))
    }

    @Test func encodedTokensRoundTripRandomText() throws {
        // Printable ASCII (with delimiters), Latin, Greek, CJK, musical symbols, emoji; no ESC,
        // which a text string cannot carry (it starts a language escape).
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x20...0x7E, 0x09...0x0A, 0xA0...0x17F, 0x391...0x3C9, 0x4E00...0x4E80,
            0x1D100...0x1D1DD, 0x1F600...0x1F64F, 0xFFFD...0xFFFD,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var scalars = String.UnicodeScalarView()
            let asciiOnly = Bool.random(using: &generator)
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                let range = asciiOnly ? ranges[0] : ranges.randomElement(using: &generator)!
                scalars.append(Unicode.Scalar(UInt32.random(in: range, using: &generator))!)
            }
            let text = String(scalars)
            let token = PDFTextString.encodedToken(text)
            let isLiteral = token.first == UInt8(ascii: "(")
            #expect(isLiteral == text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) })
            #expect(PDFTextString.decode(try Self.parseToken(token)) == text, "\(text.debugDescription)")
        }
    }

    /// An independent reader for the two token forms the encoder writes.
    static func parseToken(_ token: [UInt8]) throws -> [UInt8] {
        let body = token.dropFirst().dropLast()
        if token.first == UInt8(ascii: "<") {
            let digits = Array(body)
            try #require(digits.count % 2 == 0 && token.last == UInt8(ascii: ">"))
            return try stride(from: 0, to: digits.count, by: 2).map { index in
                try #require(UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16))
            }
        }
        try #require(token.first == UInt8(ascii: "(") && token.last == UInt8(ascii: ")"))
        var bytes: [UInt8] = []
        var escaped = false
        for byte in body {
            if !escaped && byte == UInt8(ascii: "\\") {
                escaped = true
                continue
            }
            // An unescaped delimiter inside would end or nest the string early.
            #expect(escaped || (byte != UInt8(ascii: "(") && byte != UInt8(ascii: ")")))
            escaped = false
            bytes.append(byte)
        }
        #expect(!escaped)
        return bytes
    }
}

/// The hand-written UTF-16 decoder against the standard library's, on random (often ill-formed) units.
struct UTF16DecodingTests {
    @Test func matchesStandardLibraryOnRandomUnits() {
        var generator = SystemRandomNumberGenerator()
        let interesting: [UInt16] = [0x0041, 0x00E9, 0x20AC, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD83D, 0xDE00, 0xFFFD, 0xFFFF, 0x0000]
        for _ in 0..<5_000 {
            let units = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt16.random(in: 0...UInt16.max, using: &generator)
            }.filter { $0 != 0x1B }
            let expected = String(decoding: units, as: UTF16.self)
            let bigEndian: [UInt8] = [0xFE, 0xFF] + units.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
            let littleEndian: [UInt8] = [0xFF, 0xFE] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            #expect(PDFTextString.decode(bigEndian) == expected, "\(units)")
            #expect(PDFTextString.decode(littleEndian) == expected, "\(units)")
            #expect(PDFTextString.decode(bigEndian + [0x41]) == expected, "odd trailing byte")
        }
    }
}

/// The buffer decoder of `PDFTextString.decode` against a reference built from the standard
/// library's decoders and a scalar-by-scalar removal of language escapes, on random bytes of
/// every form (BOMs, ESC bytes, unpaired surrogates, ill-formed UTF-8, PDFDocEncoding).
struct TextStringReferenceTests {
    static func reference(_ bytes: [UInt8]) -> String {
        func units(_ body: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt16] {
            stride(from: body.startIndex, to: body.endIndex - 1, by: 2).map { index in
                let first = UInt16(body[index])
                let second = UInt16(body[index + 1])
                return bigEndian ? first << 8 | second : second << 8 | first
            }
        }
        func strippingEscapes(_ text: String) -> String {
            var kept = String.UnicodeScalarView()
            var inside = false
            for scalar in text.unicodeScalars {
                if scalar == "\u{1B}" { inside.toggle() } else if !inside { kept.append(scalar) }
            }
            return String(kept)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return strippingEscapes(String(decoding: units(bytes.dropFirst(2), bigEndian: true), as: UTF16.self))
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return strippingEscapes(String(decoding: bytes.dropFirst(3), as: UTF8.self))
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return strippingEscapes(String(decoding: units(bytes.dropFirst(2), bigEndian: false), as: UTF16.self))
        }
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(PDFDocEncoding.decode(byte)) }
        return String(scalars)
    }

    @Test func decodesRandomBytesLikeTheReference() {
        var generator = SystemRandomNumberGenerator()
        let prefixes: [[UInt8]] = [[], [0xFE, 0xFF], [0xFF, 0xFE], [0xEF, 0xBB, 0xBF], [0xFE], [0xEF, 0xBB]]
        let interesting: [UInt8] = [0x00, 0x1B, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xAD, 0xC3, 0xD8, 0xDC, 0xE2, 0xF0, 0xFF]
        for round in 0..<20_000 {
            let length = round % 7 == 0 ? Int.random(in: 0...400, using: &generator) : Int.random(in: 0...24, using: &generator)
            let body = (0..<length).map { _ in
                Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            let bytes = prefixes[round % prefixes.count] + body
            let expected = Self.reference(bytes)
            #expect(PDFTextString.decode(bytes) == expected, "\(bytes)")
            #expect(Array(PDFTextString.decode(bytes).utf8) == Array(expected.utf8), "\(bytes)")
            // A collection without contiguous storage takes the copying path.
            #expect(PDFTextString.decode(bytes.lazy.map { $0 }) == expected, "\(bytes)")
        }
    }
}
