import Testing
@testable import PDFInfo

/// An xref stream's /W read by `RowWidths` against the check it replaces: the array's integers
/// (other items skipped) must be exactly three, each 0…8, not all 0.
struct RowWidthsTests {
    static func reference(_ items: [PDFObject]) -> [Int]? {
        let widths = items.compactMap(\.integerValue)
        guard widths.count == 3, widths.allSatisfy({ $0 >= 0 && $0 <= 8 }), widths.reduce(0, +) > 0 else { return nil }
        return widths
    }

    static func reading(_ items: [PDFObject]) -> [Int]? {
        RowWidths(items).map { widths in
            #expect(widths.row == widths.type + widths.second + widths.third)
            return [widths.type, widths.second, widths.third]
        }
    }

    @Test func knownArraysReadAlike() {
        let arrays: [[PDFObject]] = [
            [.integer(1), .integer(2), .integer(2)], [.integer(0), .integer(4), .integer(0)], [.integer(0), .integer(0), .integer(0)],
            [.integer(1), .integer(2)], [.integer(1), .integer(2), .integer(2), .integer(1)], [.integer(9), .integer(1), .integer(1)],
            [.integer(-1), .integer(2), .integer(2)], [.integer(1), .name("X"), .integer(2), .integer(2)], [.real(1.0), .integer(2), .real(2)],
            [.real(1.5), .integer(2), .integer(2)], [], [.null, .null, .null],
        ]
        for items in arrays {
            #expect(Self.reading(items) == Self.reference(items), "\(items)")
        }
    }

    @Test func randomArraysReadAlike() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [PDFObject] = (-2...10).map { .integer($0) } + [.real(2.0), .real(0.5), .name("W"), .null, .string([0x31])]
        for _ in 0..<20_000 {
            let items = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            #expect(Self.reading(items) == Self.reference(items), "\(items)")
        }
    }
}
