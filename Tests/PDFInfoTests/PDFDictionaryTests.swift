import Testing

@testable import PDFInfo

/// `PDFDictionary` keeps entries as `PDFDictionary.Entry` values: equality and hashing follow
/// the entries in file order, and edits keep that order.
struct PDFDictionaryTests {
    @Test func equalityFollowsEntriesInOrder() {
        let ab = PDFDictionary([("A", .integer(1)), ("B", .name("X"))])
        let abAgain = PDFDictionary([("A", .integer(1)), ("B", .name("X"))])
        let ba = PDFDictionary([("B", .name("X")), ("A", .integer(1))])
        let abOther = PDFDictionary([("A", .integer(1)), ("B", .name("Y"))])
        #expect(ab == abAgain)
        #expect(ab.hashValue == abAgain.hashValue)
        #expect(ab != ba)
        #expect(ab != abOther)
        #expect(ab != PDFDictionary([("A", .integer(1))]))
        #expect(Set([ab, abAgain, ba]).count == 2)
    }

    @Test func subscriptEditsKeepFileOrder() {
        var dictionary = PDFDictionary([("A", .integer(1)), ("B", .integer(2)), ("C", .integer(3))])
        dictionary["B"] = .string(Array("two".utf8))
        dictionary["D"] = .null
        dictionary["A"] = nil
        #expect(dictionary.entries == [
            PDFDictionary.Entry(key: "B", value: .string(Array("two".utf8))),
            PDFDictionary.Entry(key: "C", value: .integer(3)),
            PDFDictionary.Entry(key: "D", value: .null),
        ])
        #expect(dictionary["A"] == nil)
        #expect(dictionary.keys == ["B", "C", "D"])
    }

    @Test func parsedAndBuiltDictionariesAreEqual() throws {
        let text = "<</Type /Page /Kids [1 0 R 2 0 R] /Nested <</S (x)>> /Type /Pages>>"
        var parser = ObjectParser(source: MemoryByteSource(Array(text.utf8)), at: 0)
        let parsed = try #require(try parser.parseObject().dictionaryValue)
        let built = PDFDictionary([
            ("Type", .name("Page")),
            ("Kids", .array([.reference(ObjectRef(1)), .reference(ObjectRef(2))])),
            ("Nested", .dictionary(PDFDictionary([("S", .string(Array("x".utf8)))]))),
            ("Type", .name("Pages")),
        ])
        #expect(parsed == built)
        #expect(parsed.keys == ["Type", "Kids", "Nested"])
        #expect(parsed["Type"] == .name("Pages"))
    }
}
