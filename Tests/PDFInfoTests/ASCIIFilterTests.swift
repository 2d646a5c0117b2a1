import Testing
@testable import PDFInfo

/// ASCIIHexDecode and ASCII85Decode (ISO 32000-1 §7.4.2–7.4.3); vectors from Python's base64.a85encode.
struct ASCIIFilterTests {
    @Test func hexDecodeIgnoresWhitespaceAndPadsAnOddDigit() throws {
        #expect(try ASCIIFilters.hexDecode(Array("48 65\n6C6c6F7>".utf8)) == Array("Hello".utf8) + [0x70])
        #expect(throws: PDFError.self) { try ASCIIFilters.hexDecode(Array("4G>".utf8)) }
    }

    @Test func base85MatchesPython() throws {
        let encoded = Array("87cURD_*#-6q/=BzFCAm\"~>".utf8)
        #expect(try ASCIIFilters.base85Decode(encoded) == Array("Hello, PDF! ".utf8) + [0, 0, 0, 0] + Array("tail".utf8))
    }

    @Test func base85ZeroGroupsAndErrors() throws {
        #expect(try ASCIIFilters.base85Decode(Array("z~>".utf8)) == [0, 0, 0, 0])
        #expect(throws: PDFError.self) { try ASCIIFilters.base85Decode(Array("87cUR{~>".utf8)) }
        #expect(throws: PDFError.self) { try ASCIIFilters.base85Decode(Array("s8W-\"~>".utf8)) }  // > 2^32 − 1
    }
}
