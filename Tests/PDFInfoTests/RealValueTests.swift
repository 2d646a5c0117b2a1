import Testing
@testable import PDFInfo

/// `Lexer.realValue`'s exact arithmetic (Clinger's fast path) against the standard library's
/// parse of the same characters, bit for bit, on edge and random reals.
struct RealValueTests {
    static func bits(_ value: Double) -> UInt64 { value.bitPattern }

    /// Both ways of reading `text` (digits and dots, as the lexer hands them over).
    static func agree(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bits(Lexer.realValue(bytes)) == bits(Lexer.parsedRealValue(bytes))
            && bits(Lexer.realValue(bytes[...])) == bits(Lexer.parsedRealValue(bytes[...]))
    }

    @Test(arguments: [
        "", ".", "..", "0", "0.", ".0", "5.", ".5", "1.2.3", "1..2", "595.28", "841.89", "0.000000000000",
        "595.000000000000", "842.000000000000", "0.1", "0.3", "2.675", "1.005", "123456789012345.6",
        "9007199254740992", "9007199254740993", "9007199254740991.5", "900719925474099.25",
        "0.0000000000000000000001", "0.00000000000000000000001", "1.0000000000000000000000",
        "1.00000000000000000000000", "00000000000000000000000000001.5", "99999999999999999999",
        "999999999999999999.9", "3.14159265358979323846", "1e5", "1.5e3", "12a.5", "0.30000000000000004",
        "4503599627370497.5", "179769313486231570000000000000000000000.0",
    ])
    func edgeRealsReadAlike(text: String) {
        #expect(Self.agree(text), "\(text)")
    }

    @Test func randomRealsReadAlike() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let integerDigits = Int.random(in: 0...20, using: &generator)
            let fractionDigits = Int.random(in: 0...26, using: &generator)
            var text = String((0..<integerDigits).map { _ in "0123456789".randomElement(using: &generator)! })
            if Bool.random(using: &generator) || integerDigits == 0 { text += "." }
            text += String((0..<fractionDigits).map { _ in "0123456789".randomElement(using: &generator)! })
            if Int.random(in: 0..<10, using: &generator) == 0 { text += ".7" }
            #expect(Self.agree(text), "\(text)")
        }
    }

    @Test func exactPathCoversTheUsualReals() {
        for text in ["595.28", "0.000000000000", "842.000000000000", "5.", ".", "0.5"] {
            #expect(Array(text.utf8).withUnsafeBufferPointer(Lexer.exactRealValue) != nil, "\(text)")
        }
        for text in ["12345678901234567890.5", "0.00000000000000000000001", "1e5"] {
            #expect(Array(text.utf8).withUnsafeBufferPointer(Lexer.exactRealValue) == nil, "\(text)")
        }
    }
}
