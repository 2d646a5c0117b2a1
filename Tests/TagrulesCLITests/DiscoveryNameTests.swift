import Testing

@testable import tagrules
import TestSupport

/// The byte-level name checks of `FileDiscovery` against the `String` forms they replace, on
/// random names: ASCII and other letters, capitals, multi-byte characters cut in the middle,
/// invalid bytes.
struct DiscoveryNameTests {
    private static let alphabet: [[UInt8]] = [
        Array(".".utf8), Array("p".utf8), Array("P".utf8), Array("d".utf8), Array("D".utf8), Array("f".utf8),
        Array("F".utf8), Array("x".utf8), [0x0E], [0x50 | 0x80], [0x44 | 0x80], Array("é".utf8), Array("K".utf8),
        Array("\u{212A}".utf8), Array("🎻".utf8), [0xFF], [0xC3], [0x80], [0x00], [0x2E],
    ]

    @Test(arguments: 0..<20)
    func byteChecksEqualTheStringForms(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        for _ in 0..<500 {
            var name = (0..<Int.random(in: 0...6, using: &generator)).flatMap { _ in
                Self.alphabet.randomElement(using: &generator)!
            }
            if Bool.random(using: &generator) { name += Array([".pdf", ".PDF", ".pDf", ".pd", "pdf"].randomElement(using: &generator)!.utf8) }
            let slowPDF = name.count >= 4 && String(decoding: name.suffix(4), as: UTF8.self).lowercased() == ".pdf"
            #expect(FileDiscovery.isPDFName(name) == slowPDF, "\(name)")
            #expect(FileDiscovery.text(of: name) == String(validating: name, as: UTF8.self), "\(name)")
        }
    }

    @Test func namesThatArePDFs() {
        for name in ["a.pdf", ".pdf", "x.PDF", "Nocturne.Pdf", "é.pdF"] { #expect(FileDiscovery.isPDFName(Array(name.utf8))) }
        for name in ["pdf", "a.pdfx", "a.pd", "a\u{0E}pdf", "a,pdf", "a.p\u{212A}f", ""] {
            #expect(!FileDiscovery.isPDFName(Array(name.utf8)))
        }
    }
}
