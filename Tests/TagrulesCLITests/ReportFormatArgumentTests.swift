import ArgumentParser
import Testing

@testable import tagrules

/// `ReportFormat` spells out the values ArgumentParser's defaults would derive for `--help`
/// and shell completion: the same texts, computed here the defaults' way.
struct ReportFormatArgumentTests {
    @Test func valueStringsAreTheDefaults() {
        #expect(ReportFormat.allValueStrings == DerivedArgumentTexts.valueStrings(ReportFormat.self))
        #expect(ReportFormat.allValueStrings == ["text", "json", "markdown", "html"])
    }

    @Test func noValueHasADescription() {
        let derived = DerivedArgumentTexts.descriptions(ReportFormat.self)
        #expect(ReportFormat.allValueDescriptions == derived)
        #expect(derived.isEmpty)
    }
}
