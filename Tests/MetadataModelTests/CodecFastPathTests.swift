import TestSupport
import Testing

@testable import MetadataModel

/// The codec's byte-level fast paths against the scalar-by-scalar code they replace, kept
/// here as references: on random text of every kind (ASCII and Unicode whitespace, line
/// breaks, commas, colons, quotes, multi-byte letters) the results and diagnostics are equal.
struct CodecFastPathTests {
    static let rounds = 5_000

    /// `ForScoreTextTests.pool` plus what the keyword, quote and line-break checks look at.
    static let pool: [Unicode.Scalar] = ForScoreTextTests.pool + [
        "'", "\\", "\u{7F}", "\u{2029}", "\u{212A}", "K", "R", "r", "k", "e", "y", "s", "f", "m", "i", "\u{C2}", "\u{E2}",
    ]

    static func randomText(_ random: inout SplitMix64, prefixes: Bool = false) -> String {
        var scalars = String.UnicodeScalarView()
        if prefixes, Bool.random(using: &random) {
            let prefix = MetadataGenerator.keywordPrefixes.randomElement(using: &random)!
            scalars.append(contentsOf: (Bool.random(using: &random) ? prefix.uppercased() : prefix).unicodeScalars)
        }
        for _ in 0..<Int.random(in: 0...24, using: &random) { scalars.append(pool.randomElement(using: &random)!) }
        return String(scalars)
    }

    // MARK: References: the code before the fast paths.

    static func referencePieces(_ text: String) -> (pieces: [String], rawCount: Int) {
        let raw = text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { String(Substring($0)) }
        return (raw.map(ForScoreText.trimmedByScalars).filter { !$0.isEmpty }, raw.count)
    }

    static func referenceLineBreak(_ text: String) -> Bool {
        text.unicodeScalars.contains { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }
    }

    static func referenceQuoted(_ text: String, limit: Int = 60) -> String {
        var out = ""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == limit {
                out += "…"
                break
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return "'" + out + "'"
    }

    static func referenceKeyword(_ piece: String) -> String? {
        let lowercased = piece.lowercased().unicodeScalars
        return SpecialKeyword.allCases.first { lowercased.starts(with: $0.prefix.unicodeScalars) }?.prefix
    }

    /// `MetadataValidator.list` before it kept plain lists as they are.
    static func referenceList(_ values: [String], field: MetadataField) -> ([String], [MetadataDiagnostic]) {
        var result: [String] = []
        var diagnostics: [MetadataDiagnostic] = []
        func accept(_ piece: String) {
            if field == .tags, let keyword = SpecialKeyword.allCases.first(where: { referenceKeyword(piece) == $0.prefix }) {
                diagnostics.append(.tagLooksLikeKeyword(piece, field: keyword.field))
                return
            }
            if piece.unicodeScalars.contains(";") { diagnostics.append(.semicolon(field, value: piece)) }
            result.append(piece)
        }
        for value in values {
            let pieces = referencePieces(value).pieces
            if pieces.isEmpty {
                diagnostics.append(.emptyValue(field, value: value))
            } else if value.unicodeScalars.contains(",") {
                diagnostics.append(.commaInValue(field, value: value, pieces: pieces))
                pieces.forEach(accept)
            } else {
                accept(pieces[0])
            }
        }
        return (result, diagnostics)
    }

    /// `ScoreMetadata.changes(to:)` through ``FieldValue``, as it was.
    static func referenceChanges(_ before: ScoreMetadata, _ after: ScoreMetadata) -> [MetadataChange] {
        MetadataField.allCases.compactMap { field in
            before[field] == after[field] ? nil : MetadataChange(field: field, before: before[field], after: after[field])
        }
    }

    // MARK: Tests

    @Test func listPiecesEqualSplitThenTrim() {
        var random = SplitMix64(seed: 0x5069_6563)
        for _ in 0..<Self.rounds {
            let text = Self.randomText(&random)
            let (pieces, rawCount) = ForScoreText.listPieces(text)
            let expected = Self.referencePieces(text)
            #expect(pieces.map { Array($0.unicodeScalars) } == expected.pieces.map { Array($0.unicodeScalars) }, "\(text.debugDescription)")
            #expect(rawCount == expected.rawCount, "\(text.debugDescription)")
        }
    }

    @Test func trimmedEqualsTheScalarTrim() {
        var random = SplitMix64(seed: 0x5472_696D)
        for _ in 0..<Self.rounds {
            let text = Self.randomText(&random)
            #expect(Array(ForScoreText.trimmed(text).unicodeScalars) == Array(ForScoreText.trimmedByScalars(text).unicodeScalars))
        }
    }

    @Test(arguments: ["a\u{85}b", "\u{2028}", "x\u{2029}", "\r", "\u{C2}\u{85}", "é\u{2027}", "\u{E2}\u{80}", "plain", ""])
    func lineBreakEdges(text: String) {
        #expect(ForScoreText.containsLineBreak(text) == Self.referenceLineBreak(text))
    }

    /// Each kind of break (and near misses) at every offset of the eight-byte words the scan
    /// skips, in long ASCII text.
    @Test func lineBreaksAtEveryWordOffset() {
        for mark in ["\n", "\r", "\u{0B}", "\u{85}", "\u{2028}", "\u{2029}", "\u{0}", "\u{0E}", "\u{7F}", "é", "\u{2027}", "\u{A0}"] {
            for offset in 0..<24 {
                for tail in [0, 1, 7, 9] {
                    let text = String(repeating: "a", count: offset) + mark + String(repeating: "b", count: tail)
                    #expect(ForScoreText.containsLineBreak(text) == Self.referenceLineBreak(text), "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func lineBreaksEqualTheScalarScan() {
        var random = SplitMix64(seed: 0x4C69_6E65)
        for _ in 0..<Self.rounds {
            let text = Self.randomText(&random)
            #expect(ForScoreText.containsLineBreak(text) == Self.referenceLineBreak(text), "\(text.debugDescription)")
        }
    }

    @Test func quotedEqualsTheScalarEscape() {
        var random = SplitMix64(seed: 0x5175_6F74)
        let long = String(repeating: "abc", count: 20)
        for text in [long, long + "d", String(long.dropLast()), "it's", "a\\b", "\u{7F}", ""] {
            #expect(ForScoreText.quoted(text) == Self.referenceQuoted(text))
        }
        for _ in 0..<Self.rounds {
            let text = Self.randomText(&random)
            let limit = Int.random(in: 0...30, using: &random)
            #expect(ForScoreText.quoted(text, limit: limit) == Self.referenceQuoted(text, limit: limit), "\(text.debugDescription)")
        }
    }

    @Test func keywordMatchEqualsTheLowercasePrefixTest() {
        var random = SplitMix64(seed: 0x4B65_7973)
        for _ in 0..<Self.rounds {
            let text = Self.randomText(&random, prefixes: true)
            #expect(SpecialKeyword(matching: text)?.prefix == Self.referenceKeyword(text), "\(text.debugDescription)")
        }
    }

    @Test(arguments: MetadataField.allCases.filter { $0.kind == .list })
    func validatedListsEqualTheFullChecks(field: MetadataField) {
        var random = SplitMix64(seed: 0x4C69_7374 &+ UInt64(field.rawValue.utf8.count))
        for _ in 0..<Self.rounds / 4 {
            let values = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                Int.random(in: 0..<3, using: &random) == 0 ? "Plain Value" : Self.randomText(&random, prefixes: true)
            }
            var metadata = ScoreMetadata()
            switch field {
            case .composers: metadata.composers = values
            case .genres: metadata.genres = values
            case .tags: metadata.tags = values
            default: metadata.labels = values
            }
            let (validated, diagnostics) = ForScoreCodec.validate(metadata)
            let (list, expected) = Self.referenceList(values, field: field)
            #expect(validated[field] == .list(list), "\(values)")
            #expect(diagnostics == expected, "\(values)")
        }
    }

    @Test func changesEqualTheFieldValueComparison() {
        for seed in 0..<UInt64(600) {
            var generator = MetadataGenerator(seed: seed)
            let before = seed % 3 == 0 ? generator.valid() : generator.arbitrary()
            var after = seed % 2 == 0 ? generator.arbitrary() : before
            if seed % 5 == 0 { after.tags.append("x") }
            #expect(before.changes(to: after) == Self.referenceChanges(before, after))
        }
    }
}
