import ArgumentParser

/// What ArgumentParser's defaults would derive for an enumeration read from its raw value:
/// the value strings and the descriptions that differ from them. Types that spell these out
/// (`ReportFormat`, `DurationKeyword`, saving the parser's reflection at start-up) are tested
/// against it.
enum DerivedArgumentTexts {
    /// The raw values as `--help` and completion list them by default.
    static func valueStrings<Value: CaseIterable & RawRepresentable>(_ type: Value.Type) -> [String] where Value.RawValue == String {
        Value.allCases.map { $0.rawValue.defaultValueDescription }
    }

    /// The descriptions that differ from their value's string (empty when none does).
    static func descriptions<Value: CaseIterable & RawRepresentable & ExpressibleByArgument>(
        _ type: Value.Type
    ) -> [String: String] where Value.RawValue == String {
        Value.allCases.reduce(into: [String: String]()) { descriptions, value in
            if value.rawValue.defaultValueDescription != value.defaultValueDescription {
                descriptions[value.rawValue.defaultValueDescription] = value.defaultValueDescription
            }
        }
    }
}
