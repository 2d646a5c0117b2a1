import Testing
@testable import PDFInfo

/// `FixedRow`'s reading of a 20-byte xref row, whose offset digits are combined eight at a
/// time, against reading the columns one digit after another.
struct FixedRowTests {
    /// The row as a digit-by-digit reading sees it: "offset generation n|f", or nil.
    static func reference(_ row: [UInt8]) -> String? {
        guard row.count == 20, row[10] == 0x20, row[16] == 0x20,
              row[17] == UInt8(ascii: "n") || row[17] == UInt8(ascii: "f"),
              CharacterClass.isWhitespace(row[18]), CharacterClass.isWhitespace(row[19]) else { return nil }
        var offset = 0
        for column in 0..<10 {
            guard CharacterClass.isDigit(row[column]) else { return nil }
            offset = offset * 10 + Int(row[column] - 0x30)
        }
        var generation = 0
        for column in 11..<16 {
            guard CharacterClass.isDigit(row[column]) else { return nil }
            generation = generation * 10 + Int(row[column] - 0x30)
        }
        return "\(offset) \(generation) \(row[17] == UInt8(ascii: "n"))"
    }

    static func reading(_ row: [UInt8]) -> String? {
        // Inside a longer array, so that the row is a slice not starting at index 0.
        let padded = [UInt8](repeating: 0x25, count: 3) + row + [0x25]
        return FixedRow(padded[3..<(3 + row.count)]).map { "\($0.offset) \($0.generation) \($0.inUse)" }
    }

    @Test(arguments: [
        "0000000000 65535 f\r\n", "0000000015 00000 n \n", "9999999999 99999 n\r\n", "1234567890 00001 n\n\n",
        "0000000009 00000 n\r\n", "000000000/ 00000 n\r\n", "00000000:0 00000 n\r\n", "0000000000 0000: n\r\n",
        "12345678 0 00000 n\r\n", "0000000015 00000 x\r\n", "0000000015 00000 n\r ", "0000000015  0000 n\r\n",
        "00000000\u{7F}5 00000 n\r\n", "0000000015 00000 n\r",
    ])
    func knownRowsReadAlike(text: String) {
        let row = Array(text.utf8)
        #expect(Self.reading(row) == Self.reference(row), "\(text.debugDescription)")
    }

    @Test func randomRowsReadAlike() {
        var generator = SystemRandomNumberGenerator()
        let odd: [UInt8] = [0x00, 0x20, 0x2F, 0x3A, 0x3F, 0x40, 0x0F, 0x39 + 0x80, 0xB0, 0xFF, UInt8(ascii: "n")]
        for _ in 0..<50_000 {
            var row = Array("0000000000 00000 n\r\n".utf8)
            for column in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15] {
                row[column] = UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator)
            }
            row[17] = Bool.random(using: &generator) ? UInt8(ascii: "n") : UInt8(ascii: "f")
            // Most rows damaged in one or two places, some left whole.
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                row[Int.random(in: 0..<20, using: &generator)] = odd.randomElement(using: &generator)!
            }
            #expect(Self.reading(row) == Self.reference(row), "\(row)")
        }
    }

    @Test func eightDigitsMatchesTheirValue() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let value = Int.random(in: 0...99_999_999, using: &generator)
            let digits = Array(String(value).utf8)
            let text = [UInt8](repeating: UInt8(ascii: "0"), count: 8 - digits.count) + digits
            let loaded = text.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            #expect(FixedRow.eightDigits(loaded) == value, "\(value)")
        }
    }
}
