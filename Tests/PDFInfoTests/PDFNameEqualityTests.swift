import Testing

@testable import PDFInfo

/// `PDFName ==` checks the lengths before the strings; it must say what comparing the text
/// and the original bytes says, on names of equal and different lengths, ASCII or not, valid
/// UTF-8 or not (whose Latin-1 text can equal a valid name's text).
struct PDFNameEqualityTests {
    static func names() -> [PDFName] {
        var generator = SystemRandomNumberGenerator()
        var names: [PDFName] = [
            "", "Type", "Size", "Root", "Info", "Title", "Author", "ObjStm", "Pages", "Page",
            "AVeryLongNameThatIsNotASmallString", "AVeryLongNameThatIsNotASmallStrinG",
            "é", "ée", "Ärger", "日本語", PDFName(bytes: [0xE9]), PDFName(bytes: [0xC3, 0xA9]),
            PDFName(bytes: [0xFF, 0x41]), PDFName(bytes: Array("ÿA".utf8)),
        ]
        let alphabet: [UInt8] = Array("ABab".utf8) + [0xC3, 0xA9, 0xE9, 0xFF]
        for _ in 0..<300 {
            let length = Int.random(in: 0...20, using: &generator)
            names.append(PDFName(bytes: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        return names
    }

    @Test func equalityMatchesComparingTextAndBytes() {
        let names = Self.names()
        for lhs in names {
            for rhs in names {
                let expected = lhs.string == rhs.string && lhs.bytes == rhs.bytes
                #expect((lhs == rhs) == expected, "\(lhs.bytes) vs \(rhs.bytes)")
                if lhs == rhs { #expect(lhs.hashValue == rhs.hashValue) }
            }
        }
    }

    @Test func latin1TextOfInvalidBytesIsNotTheValidName() {
        // [E9] is not UTF-8: its text is "é", as is the text of the valid name [C3 A9].
        let invalid = PDFName(bytes: [0xE9])
        let valid = PDFName(bytes: [0xC3, 0xA9])
        #expect(invalid.string == valid.string)
        #expect(invalid != valid)
    }
}
