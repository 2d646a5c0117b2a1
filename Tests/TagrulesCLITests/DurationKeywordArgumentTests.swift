import Testing

@testable import tagrules

/// `--duration-keyword` in `--help`: its values, as ArgumentParser derives them from
/// `DurationKeyword`'s raw values, and the default, which the config file may change.
struct DurationKeywordArgumentTests {
    /// What `--help` shows for the option, parsed the way the command parses it.
    @Test func helpNamesTheDefault() {
        let help = Tagrules.Apply.helpMessage(columns: 400)
        #expect(help.contains("--duration-keyword <keyword>"))
        #expect(help.contains("'duration' (duration:N, the default unless the config file says otherwise)"))
        #expect(help.contains("(values: duration, seconds)"))
    }
}
