import Testing
@testable import PDFInfo

/// The lexer and object parser on inline byte strings (ISO 32000-1 §7.2–7.3; pdf-notes §3.1–3.2).
struct LexerTests {
    private func parse(_ text: String) throws -> PDFObject {
        var parser = ObjectParser(source: MemoryByteSource(Array(text.utf8)), at: 0)
        return try parser.parseObject()
    }

    private func parse(bytes: [UInt8]) throws -> PDFObject {
        var parser = ObjectParser(source: MemoryByteSource(bytes), at: 0)
        return try parser.parseObject()
    }

    /// Every byte is told as ISO 32000-1 Tables 1 and 2 list the whitespace and delimiter characters.
    @Test func characterClassesOfEveryByte() {
        let whitespace: Set<UInt8> = [0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20]
        let delimiters = Set("()<>[]{}/%".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(CharacterClass.isWhitespace(byte) == whitespace.contains(byte), "byte \(byte)")
            #expect(CharacterClass.isDelimiter(byte) == delimiters.contains(byte), "byte \(byte)")
            #expect(CharacterClass.isRegular(byte) == !(whitespace.contains(byte) || delimiters.contains(byte)), "byte \(byte)")
        }
    }

    @Test(arguments: [
        ("0", PDFObject.integer(0)), ("+17", .integer(17)), ("-98", .integer(-98)), ("34.5", .real(34.5)),
        ("-3.62", .real(-3.62)), (".002", .real(0.002)), ("4.", .real(4)), ("--5", .integer(-5)),
        ("99999999999999999999", .real(1e20)), ("true", .bool(true)), ("false", .bool(false)), ("null", .null),
        // A sign after a leading dot is ignored, as pdf.js does; a second dot ends the digits.
        (".-5", .real(0.5)), ("-.5", .real(-0.5)), ("1.2.3", .real(1.2)), (".", .real(0)),
        ("-1234567890.1234567890", .real(-1234567890.1234567890)), ("0.1234567890123456789", .real(0.1234567890123456789)),
    ])
    func numbersAndKeywords(text: String, expected: PDFObject) throws {
        #expect(try parse(text) == expected)
    }

    @Test(arguments: [
        ("(abc)", Array("abc".utf8)),
        ("(a(b)c)", Array("a(b)c".utf8)),
        (#"(a\(b)"#, Array("a(b".utf8)),
        (#"(\n\r\t\b\f\\)"#, [0x0A, 0x0D, 0x09, 0x08, 0x0C, 0x5C]),
        (#"(\101\60\0063)"#, [0x41, 0x30, 0x06, 0x33]),
        (#"(\501)"#, [0x41]),                       // octal overflow wraps mod 256
        ("(line\\\ncontinued)", Array("linecontinued".utf8)),
        ("(line\\\r\ncontinued)", Array("linecontinued".utf8)),
        ("(a\r\nb)", Array("a\nb".utf8)),           // a bare EOL reads as LF
        ("(a\rb)", Array("a\nb".utf8)),
        (#"(\q)"#, Array("q".utf8)),                 // unknown escape: backslash dropped
        ("<48656C6C6F>", Array("Hello".utf8)),
        ("<48 65\n6c 6C 6f>", Array("Hello".utf8)),  // whitespace ignored
        ("<901FA>", [0x90, 0x1F, 0xA0]),             // odd count: last nibble padded with 0
        ("<>", []),
    ])
    func strings(text: String, expected: [UInt8]) throws {
        #expect(try parse(text) == .string(expected))
    }

    @Test func namesDecodeHexEscapesAndKeepBrokenOnes() throws {
        #expect(try parse("/Name1") == .name("Name1"))
        #expect(try parse("/A#20B") == .name(PDFName(bytes: Array("A B".utf8))))
        #expect(try parse("/AAPL:Keywords") == .name("AAPL:Keywords"))
        #expect(try parse("/x#zz") == .name("x#zz"))
        #expect(try parse("/") == .name(PDFName(bytes: [])))
    }

    @Test func referencesNeedTwoTokenLookahead() throws {
        #expect(try parse("[1 0 R 2 0 3 4 0 R]") == .array([.reference(ObjectRef(1, 0)), .integer(2), .integer(0), .integer(3), .reference(ObjectRef(4, 0))]))
        #expect(try parse("[1 2]") == .array([.integer(1), .integer(2)]))
    }

    @Test func dictionariesKeepKeyOrderAndCommentsAreSkipped() throws {
        let object = try parse("<< /B 1 % comment ( not a string\n /A [(x) <41>] /C << /D /E >> /Empty >>")
        let dictionary = try #require(object.dictionaryValue)
        #expect(dictionary.keys == ["B", "A", "C", "Empty"])
        #expect(dictionary["A"] == .array([.string([0x78]), .string([0x41])]))
        #expect(dictionary["C"]?.dictionaryValue?["D"] == .name("E"))
        #expect(dictionary["Empty"] == .null)
    }

    @Test func damagedContainersAreTolerated() throws {
        // A bare word inside a container reads as null (qpdf reads on); where a key belongs it is skipped.
        #expect(try parse("[1 junk 2]") == .array([.integer(1), .null, .integer(2)]))
        #expect(try parse("<< /A 1 junk /B 2 >>").dictionaryValue?.keys == ["A", "B"])
        // A missing closing delimiter before endobj closes the container there.
        #expect(try parse("<< /A [1 2 endobj").dictionaryValue?["A"] == .array([.integer(1), .integer(2)]))
    }

    @Test func hostileInputIsAnErrorNotATrap() throws {
        #expect(throws: PDFError.self) { try parse(String(repeating: "[", count: 10_000)) }
        #expect(throws: PDFError.self) { try parse("(unterminated") }
        #expect(throws: PDFError.self) { try parse("<4142") }
        #expect(throws: PDFError.self) { try parse("junk") }
        #expect(throws: PDFError.self) { try parse(bytes: []) }
        #expect(throws: PDFError.self) { try parse(">>") }
    }
}
