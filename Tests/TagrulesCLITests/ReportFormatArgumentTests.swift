import ArgumentParser
import Testing

@testable import tagrules

/// `ReportFormat` spells out the values ArgumentParser's defaults would derive for `--help`
/// and shell completion: the same texts, computed here the defaults' way.
struct ReportFormatArgumentTests {
    @Test func valueStringsAreTheDefaults() {
        #expect(ReportFormat.allValueStrings == ReportFormat.allCases.map { $0.rawValue.defaultValueDescription })
        #expect(ReportFormat.allValueStrings == ["text", "json", "markdown", "html"])
    }

    @Test func noValueHasADescription() {
        let derived = ReportFormat.allCases.reduce(into: [String: String]()) { descriptions, format in
            if format.rawValue.defaultValueDescription != format.defaultValueDescription {
                descriptions[format.rawValue.defaultValueDescription] = format.defaultValueDescription
            }
        }
        #expect(ReportFormat.allValueDescriptions == derived)
        #expect(derived.isEmpty)
    }
}
