import Testing
@testable import PDFInfo

/// The set of xref section offsets that ends a /Prev loop (pdf-notes §2.4), on both sides of
/// the switch from a short array to a set.
struct VisitedOffsetsTests {
    @Test(arguments: [1, VisitedOffsets.threshold - 1, VisitedOffsets.threshold, VisitedOffsets.threshold + 1, 200])
    func insertsEachOffsetOnce(distinct: Int) {
        var visited = VisitedOffsets()
        let offsets = (0..<distinct).map { 1000 - 7 * $0 }
        let firstTime = offsets.map { visited.insert($0) }
        #expect(firstTime.allSatisfy { $0 })
        #expect(visited.count == distinct)
        let again = offsets.reversed().map { visited.insert($0) }
        #expect(again.allSatisfy { !$0 })
        #expect(visited.count == distinct)
        let new = [visited.insert(5000), visited.insert(5000)]
        #expect(new == [true, false])
        #expect(visited.count == distinct + 1)
    }
}
