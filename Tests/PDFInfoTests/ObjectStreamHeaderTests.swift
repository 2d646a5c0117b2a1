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

    static func reading(_ header: [UInt8], count: Int) -> String {
        do throws(PDFError) {
            return try ObjectStreamContents.members(in: header, count: count).map { "\($0.number):\($0.offset)" }.joined(separator: " ")
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
            #expect(Self.reading(Array(text.utf8), count: count) == Self.tokenReading(Array(text.utf8), count: count), "\(text) /N \(count)")
        }
    }

    @Test func randomHeadersReadAlike() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["1", "0", "42", " ", "\n", "%c\n", "-", "+", ".", "(", "/N", "<<"]
        for _ in 0..<3_000 {
            let header = Array((0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
            let count = Int.random(in: 0...6, using: &generator)
            #expect(Self.reading(header, count: count) == Self.tokenReading(header, count: count), "\(String(decoding: header, as: UTF8.self)) /N \(count)")
        }
    }
}
