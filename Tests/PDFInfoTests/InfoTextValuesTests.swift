import Testing

@testable import PDFInfo

/// `infoTextValues()`, the Info text made straight from the dictionary, against
/// `info().textValues` on every corpus file: the same values or the same error.
struct InfoTextValuesTests {
    static func outcome(_ read: () throws(PDFError) -> [String: String]) -> String {
        do throws(PDFError) {
            return try read().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "|")
        } catch {
            return "error \(error.code) \(error.message) \(error.offset ?? -1)"
        }
    }

    @Test func corpusInfoReadsAlike() {
        var compared = 0
        for name in Corpus.files {
            // Two documents: the first read of each resolves the Info objects from scratch.
            guard let direct = try? PDFDocument.open(path: Corpus.path(name)),
                  let viaEntries = try? PDFDocument.open(path: Corpus.path(name)) else { continue }
            let expected = Self.outcome { () throws(PDFError) in try viaEntries.info().textValues }
            #expect(Self.outcome { () throws(PDFError) in try direct.infoTextValues() } == expected, "\(name)")
            #expect(direct.diagnostics == viaEntries.diagnostics, "\(name)")
            compared += 1
        }
        #expect(compared > 100)
    }
}
