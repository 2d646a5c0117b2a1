import ArgumentParser
import MetadataModel
import Testing

@testable import tagrules

/// `DurationKeyword` spells out the texts ArgumentParser's defaults would derive for `--help`
/// and shell completion (as `ReportFormat` does): the same texts, computed here the defaults' way.
struct DurationKeywordArgumentTests {
    @Test func valueStringsAreTheDefaults() {
        #expect(DurationKeyword.allValueStrings == DerivedArgumentTexts.valueStrings(DurationKeyword.self))
        #expect(DurationKeyword.allValueStrings == ["duration", "seconds"])
    }

    @Test func noValueHasADescription() {
        let derived = DerivedArgumentTexts.descriptions(DurationKeyword.self)
        #expect(DurationKeyword.allValueDescriptions == derived)
        #expect(derived.isEmpty)
    }

    /// The default's `"\(rawValue)"` (String's `defaultValueDescription`), the `(default: …)` of
    /// `--help`.
    @Test(arguments: DurationKeyword.allCases)
    func defaultValueDescriptionIsTheRawValuesDefault(keyword: DurationKeyword) {
        #expect(keyword.defaultValueDescription == keyword.rawValue.defaultValueDescription)
        #expect(keyword.defaultValueDescription == "\(keyword.rawValue)")
    }

    /// What `--help` shows for the option, parsed the way the command parses it.
    @Test func helpNamesTheDefault() {
        let help = Tagrules.Apply.helpMessage(columns: 200)
        #expect(help.contains("--duration-keyword <keyword>"))
        #expect(help.contains("(values: duration, seconds; default: duration)"))
    }
}
