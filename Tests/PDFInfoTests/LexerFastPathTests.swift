import Testing
@testable import PDFInfo

/// The lexer's fast paths (one loop over the window in memory) against its byte-by-byte code:
/// the same bytes read through windows of a few bytes, where no token fits in one window, must
/// give the same objects, the same errors and the same end positions.
struct LexerFastPathTests {
    /// A source that hands out windows of `size` bytes, so tokens straddle window ends.
    final class SmallWindowSource: ByteSource {
        let bytes: [UInt8]
        let size: Int

        init(_ bytes: [UInt8], size: Int) {
            self.bytes = bytes
            self.size = size
        }

        var count: Int { bytes.count }

        func read(_ range: Range<Int>) throws(PDFError) -> [UInt8] {
            Array(bytes[range.clamped(to: 0..<bytes.count)])
        }

        func window(containing offset: Int) throws(PDFError) -> (start: Int, bytes: [UInt8]) {
            let start = offset / size * size
            return (start, Array(bytes[start..<min(bytes.count, start + size)]))
        }
    }

    /// Every object in `source` (up to the first error, at most `limit`), and where parsing
    /// stopped.
    static func objects(_ source: ByteSource, limit: Int = 64) -> [String] {
        var parser = ObjectParser(source: source, at: 0)
        var results: [String] = []
        for _ in 0..<limit {
            do {
                let object = try parser.parseObject()
                results.append("\(object) @\(parser.position)")
            } catch {
                results.append("error \(error.code) \(error.message) \(error.offset ?? -1)")
                break
            }
        }
        return results
    }

    static let inputs: [String] = [
        "0 +17 -98 34.5 -3.62 .002 4. --5 99999999999999999999 123456789012345678 1234567890123456789 true false null",
        "(abc) (a(b)c) (a\\(b) (\\n\\r\\t\\b\\f\\\\) (\\101\\60\\0063) (line\\\ncontinued) (a\r\nb) (a\rb) (\\q) ()",
        "<48656C6C6F> <48 65\n6c 6C 6f> <901FA> <> <4x1> <<>> << /A <41> >>",
        "/Name1 /A#20B /AAPL:Keywords /x#zz / /caf\u{E9} /#41#42 /a#4",
        "[1 0 R 2 0 3 4 0 R] [1 2] [1 +0 R] [1 -0 R] [1 0.0 R] [5 0 obj]",
        "[1 0R 2 0 R% c\n 3 0 R/X 4 0 Rx 5 0 R(s) 6 %c\n 0 R 7 0\n\nR 8 0 R]",
        "<< /B 1 % comment ( not a string\n /A [(x) <41>] /C << /D /E >> /Empty >>",
        "<< /A 1 /A 2 /B 3 /A 4 >> [1 junk 2] << /A 1 junk /B 2 >> << /A [1 2 endobj",
        "obj endobj stream endstream xref trailer startxref R Rx objx nullx true1 {} )",
        "%comment only\n%another\r 42 %trailing",
        "12 0 obj << /Type /Page /Kids [3 0 R 4 0 R] /Count 2 >> endobj",
        "<< /Type /Catalog /Pages 2 0 R /Typo /Catalogue /ViewerPreferences << >> /ViewerPreferencez 1 /W /X /ID /IE >>",
        "(unterminated", "<4142", "junk", ">>", "[", "<<", "/", "1", "1 0", "-", "+.", "1.2.3",
    ]

    @Test(arguments: inputs)
    func smallWindowsReadAlike(text: String) {
        let bytes = Array(text.utf8)
        let whole = Self.objects(MemoryByteSource(bytes))
        for size in [1, 2, 3, 5, 8, 13] {
            #expect(Self.objects(SmallWindowSource(bytes, size: size)) == whole, "window of \(size) bytes")
        }
    }

    @Test func randomBytesReadAlike() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789 +-.()<>[]{}/%#\\\r\nRobjendtruflsa".utf8) + [0x00, 0x0C, 0x80, 0xE9]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let whole = Self.objects(MemoryByteSource(bytes))
            for size in [1, 3, 7] {
                #expect(Self.objects(SmallWindowSource(bytes, size: size)) == whole, "\(bytes) in windows of \(size)")
            }
        }
    }

    /// Every name the known-name table holds, spelled as in ISO 32000-1.
    static let knownNames = [
        "N", "W", "ID", "PDF", "Type", "Text", "Root", "Info", "Size", "Prev", "Page", "Kids", "XRef", "Font",
        "Lang", "Index", "Pages", "Count", "First", "Title", "Names", "Length", "Filter", "ObjStm", "Parent",
        "Author", "Catalog", "Columns", "Creator", "Subject", "ModDate", "Trapped", "XRefStm", "Encrypt",
        "MediaBox", "Metadata", "MarkInfo", "Keywords", "Producer", "PageMode", "Outlines", "AcroForm",
        "Predictor", "Resources", "PageLayout", "OpenAction", "DecodeParms", "FlateDecode", "CreationDate",
        "StructTreeRoot", "ViewerPreferences",
    ]

    /// The known-name table gives each of its names as the literal that decoding would give, and
    /// nothing for near misses: one letter changed, one added, one dropped.
    @Test(arguments: knownNames)
    func knownNamesAreTheirOwnSpelling(name: String) {
        func known(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBufferPointer { Lexer.knownName($0) }
        }
        #expect(known(name) == name)
        var misses = [name + "s", String(name.dropLast()), String(name.dropFirst()), name.lowercased(), name.uppercased()]
        for index in name.indices {
            var changed = name
            changed.replaceSubrange(index...index, with: name[index] == "x" ? "y" : "x")
            misses.append(changed)
        }
        for miss in misses where miss != name {
            #expect(known(miss) == (Self.knownNames.contains(miss) ? miss : nil), "\(miss)")
        }
        // Read through the lexer, a known name and an unknown one are the same names as decoded bytes.
        var parser = ObjectParser(source: MemoryByteSource(Array("[/\(name) /\(name)x]".utf8)), at: 0)
        let parsed = try? parser.parseObject()
        #expect(parsed == .array([.name(PDFName(bytes: Array(name.utf8))), .name(PDFName(bytes: Array((name + "x").utf8)))]))
    }
}
