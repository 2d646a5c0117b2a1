import MetadataModel
import Testing
@testable import RuleHost

/// The `tagrules` helpers read ASCII arguments in Lua's buffers, without making strings of
/// them; any other argument takes the path by `String`. Both must answer as the Swift helpers
/// do on the same text (invalid UTF-8 read as `String(decoding:)` repairs it).
struct HelperFastPathTests {
    /// Bytes as a Lua string literal (every byte escaped, so any bytes fit).
    static func literal(_ bytes: [UInt8]) -> String {
        "\"" + bytes.map { "\\\($0)" }.joined() + "\""
    }

    /// Runs `expression` (Lua, over `text` and `pattern`) for each case, one score per case,
    /// and returns what it gives as the title of each score.
    static func results(_ cases: [(text: [UInt8], pattern: [UInt8])], _ expression: String) throws -> [String?] {
        let table = cases.map { "{ \(literal($0.text)), \(literal($0.pattern)) }" }.joined(separator: ",\n")
        let body = """
            local case = cases[tonumber(score.file.stem:sub(2))]
            local text, pattern = case[1], case[2]
            score.title = \(expression)
            """
        let file = "local cases = {\n\(table)\n}\n" + ruleFile("fast", body)
        let inputs = cases.indices.map { score("c\($0 + 1).pdf") }
        let results = try RuleFolder(["10-fast.lua": file]).run(inputs)
        for result in results { #expect(result.diagnostics == []) }
        return results.map(\.after.title)
    }

    /// Random text from pieces that make matches likely, with non-ASCII and invalid bytes.
    static func randomBytes(using generator: inout SystemRandomNumberGenerator) -> [UInt8] {
        let pieces: [[UInt8]] = [
            Array("Chopin".utf8), Array(" - ".utf8), Array("Nocturne".utf8), Array("%".utf8), Array("%title%".utf8),
            Array("%composer%".utf8), Array("%_%".utf8), Array("Es-Dur".utf8), Array("mi bémol majeur".utf8),
            Array("C#m".utf8), Array("_".utf8), Array(" ".utf8), Array("é".utf8), [0xFF], [0xC3], [0xE2, 0x99],
            Array("(1)".utf8), Array("%%".utf8),
        ]
        return (0..<Int.random(in: 0...6, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
    }

    @Test func matchGivesWhatPatternMatcherGives() throws {
        var generator = SystemRandomNumberGenerator()
        var cases: [(text: [UInt8], pattern: [UInt8])] = [
            (Array("Chopin - Nocturne".utf8), Array("%composer% - %title%".utf8)),
            (Array("Satie - Gymnopédie No. 1".utf8), Array("%composer% - %title%".utf8)),
            ([], []), ([], Array("%a%".utf8)), (Array("x".utf8), []), ([0xFF, 0x20, 0x2D, 0x20, 0x41], Array("%a% - %b%".utf8)),
            (Array("a - b".utf8), [0x25, 0x61, 0x25, 0x20, 0x2D, 0x20, 0x25, 0x62, 0x25, 0xFF]),
            (Array(String(repeating: "ab - ", count: 100).utf8), Array("%a% - %b% - %c%".utf8)),
            (Array(String(repeating: "ab - ", count: 4_000).utf8), Array("%a% - %b%".utf8)),
        ]
        for _ in 0..<150 {
            cases.append((Self.randomBytes(using: &generator), Self.randomBytes(using: &generator)))
        }
        let titles = try Self.results(cases, """
            (function()
              local m = tagrules.match(text, pattern)
              if m == nil then return "nil" end
              local parts = {}
              for k, v in pairs(m) do parts[#parts + 1] = k .. "=" .. v end
              table.sort(parts)
              return "{" .. table.concat(parts, "|") .. "}"
            end)()
            """)
        for (index, (text, pattern)) in cases.enumerated() {
            let expected = PatternMatcher.match(
                String(decoding: text, as: UTF8.self), pattern: String(decoding: pattern, as: UTF8.self))
            let shown = expected.map { "{" + $0.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "|") + "}" }
            #expect(titles[index] == (shown ?? "nil"), "text \(text), pattern \(pattern)")
        }
    }

    @Test func keyParseGivesWhatKeyParserGives() throws {
        var generator = SystemRandomNumberGenerator()
        let known = [
            "Es-Dur", "mi bémol majeur", "C#m", "", "Nocturne in E-flat major, Op. 9 No. 2", "Beethoven_Ode_to_Joy_D",
            "Clarinet in Bb", "A Minuet", "fis-Moll", "Prélude en ré mineur", "canon_in_d.pdf", "Sonata (1).pdf",
            String(repeating: "Sonata in C major ", count: 40), String(repeating: "x", count: 256) + " in D",
        ]
        var texts = known.map { Array($0.utf8) } + [[0xFF], [0x45, 0x73, 0x2D, 0x44, 0x75, 0x72, 0xC3], [0xE2, 0x99, 0x20, 0x44]]
        for _ in 0..<150 { texts.append(Self.randomBytes(using: &generator)) }
        texts += texts.shuffled(using: &generator).prefix(60)  // found again, in the cache
        let titles = try Self.results(texts.map { ($0, []) }, """
            (function()
              local sf, mi = tagrules.key.parse(text)
              return tostring(sf) .. "," .. tostring(mi)
            end)()
            """)
        for (index, text) in texts.enumerated() {
            let key = KeyParser.parse(String(decoding: text, as: UTF8.self))
            #expect(titles[index] == key.map { "\($0.keysf),\($0.keymi)" } ?? "nil,nil", "text \(text)")
        }
    }

    @Test func normalizeGivesWhatTextNormalizerGives() throws {
        var generator = SystemRandomNumberGenerator()
        let known = [
            "J.S. Bach", "JS Bach", "Frédéric Chopin", "FREDERIC CHOPIN", "", "  ", "Child's Play", "C. P. E. Bach",
            "e\u{301}", String(repeating: "Sonata in C major ", count: 40), "Dvořák – Humoresque", "Child’s Play",
            "© 2004 «Édition» • No. 1…", "a\u{200D}b", "x²",
        ]
        var texts = known.map { Array($0.utf8) } + [
            [0xFF], [0x42, 0x61, 0x63, 0x68, 0xC3], [0xE2, 0x99, 0x20, 0x44], [0xC2], [0x41, 0xE2, 0x80], [0xE2, 0x80, 0x41],
            [0xE2, 0x81, 0xBF, 0x41], [0xC2, 0xC2, 0xA9],
        ]
        for _ in 0..<150 { texts.append(Self.randomBytes(using: &generator)) }
        texts += texts.shuffled(using: &generator).prefix(60)  // found again, in the cache
        // In brackets: an empty title would be no title.
        let titles = try Self.results(texts.map { ($0, []) }, #""[" .. tagrules.normalize(text) .. "]""#)
        for (index, text) in texts.enumerated() {
            let expected = TextNormalizer.normalize(String(decoding: text, as: UTF8.self))
            #expect(titles[index] == "[\(expected)]", "text \(text)")
        }
    }
}
