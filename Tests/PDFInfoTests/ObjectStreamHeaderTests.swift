import Testing

@testable import PDFInfo

/// An object stream's header (§7.5.7) read by `ObjectStreamContents.members(in:count:)`, whose
/// plain pairs are scanned in one pass, against reading every number as a token.
struct ObjectStreamHeaderTests {
    static func tokenReading(_ header: [UInt8], count: Int) -> String {
        var parser = ObjectParser(source: MemoryByteSource(header), at: 0)
        var members: [String] = []
        do throws(PDFError) {
            for _ in 0..<count {
                guard case .integer(let member) = try parser.nextToken(), case .integer(let offset) = try parser.nextToken() else { break }
                members.append("\(member):\(offset)")
            }
            return members.joined(separator: " ")
        } catch {
            return "error \(error.code) \(error.message) \(error.offset ?? -1)"
        }
    }

    /// The members read from `header` followed by `body` (the objects, which the header's
    /// reading must not run into).
    static func reading(_ header: [UInt8], count: Int, body: [UInt8] = []) -> String {
        do throws(PDFError) {
            return try ObjectStreamContents.members(in: header + body, headerLength: header.count, count: count)
                .map { "\($0.number):\($0.offset)" }.joined(separator: " ")
        } catch {
            return "error \(error.code) \(error.message) \(error.offset ?? -1)"
        }
    }

    @Test(arguments: [
        "1 0 2 15 3 40 ", "1 0 2 15 3 40", "1 0\n2 15\r\n3 40", "5-3 7 8", "1 0 % c\n2 4", "1 0 -2 4", "1 0 +2 4",
        "1 0 2.5 4", "1 0 (x", "1 0 2", "", "  ", "01 002", "1 0 2 15 3 40 4 50", "1234567890123456789 1 2 3",
    ])
    func readsAlikeEitherWay(text: String) {
        for count in [0, 1, 2, 3, 5] {
            let expected = Self.tokenReading(Array(text.utf8), count: count)
            #expect(Self.reading(Array(text.utf8), count: count) == expected, "\(text) /N \(count)")
            // The objects after the header: digits that would continue its last number, a string.
            for body in ["7 8 9", "0<</A 1>>", "(x) 5 6"] {
                #expect(Self.reading(Array(text.utf8), count: count, body: Array(body.utf8)) == expected, "\(text) + \(body) /N \(count)")
            }
        }
    }

    @Test func randomHeadersReadAlike() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["1", "0", "42", " ", "\n", "%c\n", "-", "+", ".", "(", "/N", "<<"]
        for _ in 0..<3_000 {
            let header = Array((0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
            let count = Int.random(in: 0...6, using: &generator)
            let body = Array((0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
            #expect(Self.reading(header, count: count, body: body) == Self.tokenReading(header, count: count),
                    "\(String(decoding: header, as: UTF8.self)) + \(String(decoding: body, as: UTF8.self)) /N \(count)")
        }
    }
}
