import Testing

@testable import PDFInfo

/// Repeated keys keep their last value at their first position, in small and large dictionaries.
struct DictionaryKeyIndexTests {
    /// Around ``DictionaryKeyIndex/hashedFrom`` (24), where the index starts hashing the keys.
    @Test(arguments: [2, 3, 23, 24, 25, 300])
    func repeatedKeysKeepTheLastValueAtTheFirstPosition(distinctKeys: Int) throws {
        let keys = (0..<distinctKeys).map { "/K\($0)" }
        // Every key once with 0, then every key again with 1, then the first key with 2.
        let text = "<<" + keys.map { "\($0) 0" }.joined() + keys.map { "\($0) 1" }.joined() + "\(keys[0]) 2>>"
        var parser = ObjectParser(source: MemoryByteSource(Array(text.utf8)), at: 0)
        let parsed = try parser.parseObject()
        let dictionary = try #require(parsed.dictionaryValue)
        #expect(dictionary.keys.map(\.string) == keys.map { String($0.dropFirst()) })
        #expect(dictionary["K0"] == .integer(2))
        #expect(dictionary[PDFName("K\(distinctKeys - 1)")] == .integer(1))

        let built = PDFDictionary(dictionary.entries.map { ($0.key, $0.value) } + [("K1", .integer(7)), ("New", .null)])
        #expect(built.keys.count == distinctKeys + 1)
        #expect(built["K1"] == .integer(7))
        #expect(built.keys.last == "New")
    }
}
