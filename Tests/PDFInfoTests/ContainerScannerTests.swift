import Testing

@testable import PDFInfo

/// `ContainerScanner`, the parser's one-pass path for a container in the window, against the
/// token-by-token parse: the same bytes read through one-byte windows (where no container fits,
/// so the scanner always gives up) must give the same objects, errors and end positions.
struct ContainerScannerTests {
    typealias SmallWindowSource = LexerFastPathTests.SmallWindowSource

    /// Every object in `source` (up to the first error, at most 16), and where parsing stopped.
    static func objects(_ source: ByteSource) -> [String] {
        LexerFastPathTests.objects(source, limit: 16)
    }

    /// Whether the scanner reads the container that `text` starts with, and what it reads.
    static func scanned(_ text: String) -> PDFObject? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> PDFObject? in
            if text.hasPrefix("[") {
                var scanner = ContainerScanner(UnsafeBufferPointer(rebasing: buffer[1...]))
                return scanner.arrayBody(depth: 0).map(PDFObject.array)
            }
            var scanner = ContainerScanner(UnsafeBufferPointer(rebasing: buffer[2...]))
            return scanner.dictionaryBody(depth: 0).map(PDFObject.dictionary)
        }
    }

    /// Objects a reader meets, which the scanner must read itself (else it would not pay), and
    /// read as the parser does.
    @Test(arguments: [
        "<< /Type /Catalog /Pages 2 0 R /Outlines 9 0 R /PageMode /UseOutlines >> ",
        "<< /Type /Pages /Kids [3 0 R 4 0 R 12 0 R] /Count 3 >>\n",
        "<</Title(Minuet \\(G\\) in \\351)/Author<FEFF00420061006300680020>/Count -3/Trapped/False>>endobj",
        "<< /Size 36 /Root 2 0 R /Info 3 0 R /ID [<ae4f1bae44d8ee6ead699a151fba6453><8D35781DCD3D3760AF1B9F35F1066CA4>] >>",
        "<< /A << /B [ [ ] << >> true false null ] >> /A 5 /C [1 2 3 0 R 4] >> ",
        "[ 0 0 612 792 ] ",
        "<< /MediaBox [0 0 595.28 841.89] /Rotate 0 >>", "[0 .5 1 2. 3 4.25]",
    ])
    func readsTheUsualObjectsItself(text: String) {
        let scanned = Self.scanned(text)
        #expect(scanned != nil)
        var parser = ObjectParser(source: SmallWindowSource(Array(text.utf8), size: 1), at: 0)
        #expect(scanned == (try? parser.parseObject()))
    }

    /// Forms the scanner leaves to the parser or reads with care (reals, signs, comments, damage,
    /// depth), each in a container, read alike both ways.
    @Test(arguments: [
        "<< /A 1.5 >>", "<< /A -0 0 R >>", "<< /A 1 +0 R >>", "<< /A 1 -0 R >>", "<< /A 1 0 Rx >>", "<< /A 1 % c\n 0 R >>",
        "<< /A 1 0 % c\n R >>", "<< /A >>", "<< /A 1 >", "<< /A 1 /A 2 >>", "<< 1 /A 2 >>", "<< /A endobj", "<< /A [1 2 endobj",
        "<< /A#20B 1 /caf\u{E9} 2 >>", "<< /A (a(b)c) /B <4 1x> >>", "[1 R]", "[-3 --4 -5. 6- 7+]", "[truex nullx falsey]",
        "[99999999999999999999 123456789012345678 1234567890123456789]", "<< /A [1 2 3] /B [ ] >> [ << /C 0 >> ]",
        "[(unterminated", "<< /A <41", "[ /A ] >>", "[1 0 R 2 0 R % c\n]", "<< /A 1 0 R\n/B 2 0 R >>",
        "[1 2.5 R]", "[1 .5 R]", "[1 2. R]", "[1 2.3.4 R]", "[1 0.R]", "[1 123456789012345678901.5 R]",
        "[1 12345678901234567890 R]", "[0 0 595.28 841.89]",
        String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
        String(repeating: "<< /A ", count: 70) + String(repeating: ">> ", count: 70),
    ])
    func readsAlikeEitherWay(text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.objects(MemoryByteSource(bytes)) == Self.objects(SmallWindowSource(bytes, size: 1)))
    }

    /// Random containers of the usual and the unusual forms, whole and cut short.
    @Test func randomContainersReadAlike() {
        var generator = SystemRandomNumberGenerator()
        let atoms = [
            "/Type", "/A#41", "/", "0", "7", "12 0 R", "3 0R", "-4", "-0", "1.5", "+2", "(s)", "(a\\)b)", "(x\ry)", "<41 42>", "<4>",
            "true", "false", "null", "R", "endobj", "%c\n", ">", "1 0", "0 0 0 R", "2.5", ".5", "3.", "1.2.3",
            // What may follow an integer: a generation of every length, a real, `R` ended or not.
            "7 8 R", "7 8 Rx", "7 8", "7 8 %c\nR", "5 123456789012345678 R", "5 1234567890123456789 R",
            "5 123456789012345678.5", "5 1234567890123456789.5", "4 5.", "4 .5 R", "9 0R", "9\n0\nR",
        ]
        func container(_ depth: Int) -> String {
            let items = (0..<Int.random(in: 0...5, using: &generator)).map { _ -> String in
                if depth < 3, Int.random(in: 0..<4, using: &generator) == 0 { return container(depth + 1) }
                return atoms.randomElement(using: &generator)!
            }
            let separator = ["", " ", "\n", "  "].randomElement(using: &generator)!
            if Bool.random(using: &generator) {
                return "[" + items.joined(separator: separator) + "]"
            }
            let keyed = items.map { "/K\(Int.random(in: 0..<3, using: &generator)) \($0)" }
            return "<<" + keyed.joined(separator: separator) + ">>"
        }
        for _ in 0..<3_000 {
            var bytes = Array((container(0) + [" ", "", "\n1 0 R", " endobj"].randomElement(using: &generator)!).utf8)
            if Int.random(in: 0..<4, using: &generator) == 0 {
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            }
            let whole = Self.objects(MemoryByteSource(bytes))
            #expect(Self.objects(SmallWindowSource(bytes, size: 1)) == whole, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(Self.objects(SmallWindowSource(bytes, size: 16)) == whole, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// Dictionaries of many keys, repeated or not: the keys the scanner does not search for
    /// (their bit in its set is clear) must be new, so the entries (values of repeated keys
    /// replaced in place) match the parser's, past the hash index's threshold too.
    @Test func manyKeysRepeatedOrNotReadAlike() {
        var generator = SystemRandomNumberGenerator()
        // Same lengths and first bytes, same last bytes, one byte, long: keys whose bits collide.
        let keys = (0..<40).map { "/K\($0)" } + ["/A", "/B", "/AB", "/BA", "/Ab", "/aB", "/Type", "/Tape", "/Kids", "/X", "/ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let entries = (0..<count).map { index in "\(keys.randomElement(using: &generator)!) \(index)" }
            let bytes = Array(("<<" + entries.joined(separator: " ") + ">> ").utf8)
            let scanned = Self.scanned(String(decoding: bytes, as: UTF8.self))
            #expect(scanned != nil)
            var parser = ObjectParser(source: SmallWindowSource(bytes, size: 1), at: 0)
            #expect(scanned == (try? parser.parseObject()), "\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
