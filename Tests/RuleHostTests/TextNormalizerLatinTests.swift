import Foundation
import TestSupport
import Testing

@testable import RuleHost

/// The one-pass path of `TextNormalizer.normalize` for ASCII and Latin letters gives what the
/// Foundation path (`foldedKey`) gives, which is what `normalize` returned for any text that
/// was not ASCII before the path learnt Latin letters.
struct TextNormalizerLatinTests {
    /// Every scalar of Latin-1 Supplement, Latin Extended-A and Extended-B, General Punctuation
    /// and Superscripts and Subscripts, alone and in the places where folding or the initials
    /// rule could treat it differently.
    @Test func everyLatinScalarFoldsAsFoundationFoldsIt() {
        for value in Array(UInt32(0x80)...UInt32(0x24F)) + Array(UInt32(0x2000)...UInt32(0x209F)) {
            let scalar = String(Unicode.Scalar(value)!)
            let texts = [
                scalar, "x\(scalar)y", "J. \(scalar). Bach", "\(scalar) \(scalar)", "\(scalar)\u{301}", "A\(scalar)'s",
                "\(scalar.uppercased()) \(scalar.lowercased())", "1\(scalar)2",
            ]
            for text in texts {
                #expect(TextNormalizer.normalize(text) == TextNormalizer.foldedKey(text), "\(text.debugDescription)")
            }
        }
    }

    /// Random texts of ASCII, Latin letters, marks and separators.
    @Test func randomTextsFoldAsFoundationFoldsThem() {
        let pieces = [
            "a", "B", "z", "J.", "S", " ", "'", "`", "1", "-", ",", "\r\n", "\t", "é", "É", "Æ", "ß", "ø", "Ø", "ł",
            "ı", "İ", "ÿ", "Ÿ", "ŉ", "ħ", "×", "ĳ", "ŀ", "ſ", "Ð", "þ", "\u{301}", "\u{308}", "Ｊ", "’", "\u{A0}",
            "Dvořák", "Frédéric", "Œuvres", "Lutosławski", "Ærø", "–", "—", "‘", "…", "©", "«", "»", "•", "\u{200D}",
            "\u{2009}", "¹", "ª",
        ]
        var random = SplitMix64(seed: 0x4C61_7469_6E31)
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            #expect(TextNormalizer.normalize(text) == TextNormalizer.foldedKey(text), "\(text.debugDescription)")
        }
    }

    /// Text cut inside a Latin letter's UTF-8 cannot be a String, but a lone lead byte can: it
    /// is repaired to U+FFFD, which the Foundation path handles.
    @Test func repairedBytesTakeTheFoundationPath() {
        for bytes: [UInt8] in [[0xC3], [0x61, 0xC4], [0xC5, 0x41], [0xC3, 0xC3, 0xA9]] {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(TextNormalizer.normalize(text) == TextNormalizer.foldedKey(text), "\(bytes)")
        }
    }
}
