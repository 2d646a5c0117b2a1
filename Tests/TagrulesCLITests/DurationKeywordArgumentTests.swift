import Testing

@testable import tagrules

/// `--duration-keyword` in `--help`: its values and default, as ArgumentParser derives them from
/// `DurationKeyword`'s raw values.
struct DurationKeywordArgumentTests {
    /// What `--help` shows for the option, parsed the way the command parses it.
    @Test func helpNamesTheDefault() {
        let help = Tagrules.Apply.helpMessage(columns: 200)
        #expect(help.contains("--duration-keyword <keyword>"))
        #expect(help.contains("(values: duration, seconds; default: duration)"))
    }
}
