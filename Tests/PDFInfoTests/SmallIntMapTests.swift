import Testing
@testable import PDFInfo

/// The map of the objects a document keeps, on both sides of the switch from a short array
/// to a dictionary.
struct SmallIntMapTests {
    @Test(arguments: [1, SmallIntMap<String>.threshold - 1, SmallIntMap<String>.threshold, SmallIntMap<String>.threshold + 1, 200])
    func insertsLooksUpOverwritesAndEmpties(distinct: Int) {
        var map = SmallIntMap<String>()
        #expect(map[7] == nil)
        let keys = (0..<distinct).map { 1000 - 7 * $0 }
        for key in keys { map.set("v\(key)", for: key) }
        #expect(map.count == distinct)
        #expect(keys.allSatisfy { map[$0] == "v\($0)" })
        #expect(map[5000] == nil)
        for key in keys.reversed() { map.set("w\(key)", for: key) }
        #expect(map.count == distinct)
        #expect(keys.allSatisfy { map[$0] == "w\($0)" })
        map.set("new", for: 5000)
        #expect(map.count == distinct + 1)
        #expect(map[5000] == "new")
        map.removeAll()
        #expect(map.count == 0)
        #expect(keys.allSatisfy { map[$0] == nil })
        map.set("again", for: keys[0])
        #expect(map.count == 1)
        #expect(map[keys[0]] == "again")
    }
}
