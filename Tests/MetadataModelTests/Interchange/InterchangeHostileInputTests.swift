import MetadataModel
import TestSupport
import Testing

/// Mutated interchange files never trap: the readers either succeed or throw an error that
/// points inside the file.
struct InterchangeHostileInputTests {
    /// Fragments that stress tokenizers: quotes, separators, line ends, markup, references.
    static let fragments = [
        "\"", "\"\"", ",", "\t", "\r", "\n", "\r\n", "<", ">", "/>", "</", "&", "&amp;", "&#", "&#x110000;", ";",
        "'", "=", "<!--", "-->", "<![CDATA[", "]]>", "<?", "?>", "\u{FEFF}", "é", "🎻", "\u{0}", "9", "-",
        "<score path=\"x\" />", "<forScore kind=\"setlist\" version=\"1.0\" title=\"T\">",
    ]

    static func mutate(_ text: String, rng: inout SplitMix64) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            let index = Int.random(in: 0...scalars.count, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0 where index < scalars.count: scalars.remove(at: index)
            case 1 where index < scalars.count:
                scalars.removeSubrange(index..<min(scalars.count, index + Int.random(in: 1...40, using: &rng)))
            default: scalars.insert(contentsOf: fragments.randomElement(using: &rng)!.unicodeScalars, at: index)
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// Lines in `text` as a reader counts them (CRLF, LF and lone CR end a line).
    static func lineCount(_ text: String) -> Int {
        var count = 1
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previous != "\r" || scalar == "\r" { count += 1 }
            previous = scalar
        }
        return count
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func mutatedSetlistsParseOrFailCleanly(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let golden = try Golden.text("demo-library.4ss")
        for _ in 0..<500 {
            let text = Self.mutate(golden, rng: &rng)
            do {
                _ = try Setlist.parse(xml: text)
            } catch {
                #expect((1...Self.lineCount(text)).contains(error.line), "\(error)")
            }
        }
    }

    @Test(arguments: [UInt64(5), 6, 7, 8])
    func mutatedCSVsDecodeOrFailCleanly(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let files = [try Golden.text("demo-library.csv"), try Golden.text("danish-renamed.csv")]
        for _ in 0..<500 {
            let text = Self.mutate(files.randomElement(using: &rng)!, rng: &rng)
            do {
                let table = try LibraryCSV.decode(text)
                for record in table.records { _ = record.row.metadata }
            } catch {
                #expect((1...Self.lineCount(text)).contains(error.line), "\(error)")
                #expect(error.column.map { $0 >= 1 } ?? true, "\(error)")
            }
        }
    }
}
