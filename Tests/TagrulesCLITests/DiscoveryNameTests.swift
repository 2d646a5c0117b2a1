import Testing

@testable import TagrulesKit
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

    /// The folder walk builds each path in one allocation: the same path as
    /// `folder + "/" + text`, and nil for the same names.
    @Test(arguments: 0..<10)
    func pathEqualsTheStringForm(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &+ 100)
        let names = (0..<300).map { _ in
            (0..<Int.random(in: 0...5, using: &generator)).flatMap { _ in Self.alphabet.randomElement(using: &generator)! }
        }
        for name in names {
            for folder in ["lib", "lib/", "/", "a b/é"] {
                let expected = FileDiscovery.text(of: name).map { folder.hasSuffix("/") ? folder + $0 : folder + "/" + $0 }
                let prefix = Array(folder.utf8) + (folder.hasSuffix("/") ? [] : [UInt8(ascii: "/")])
                #expect(FileDiscovery.path(prefix, name).map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(folder) \(name)")
            }
            #expect(FileDiscovery.path([], name) == FileDiscovery.text(of: name))
        }
    }

    @Test func namesThatArePDFs() {
        for name in ["a.pdf", ".pdf", "x.PDF", "Nocturne.Pdf", "é.pdF"] { #expect(FileDiscovery.isPDFName(Array(name.utf8))) }
        for name in ["pdf", "a.pdfx", "a.pd", "a\u{0E}pdf", "a,pdf", "a.p\u{212A}f", ""] {
            #expect(!FileDiscovery.isPDFName(Array(name.utf8)))
        }
    }
}
