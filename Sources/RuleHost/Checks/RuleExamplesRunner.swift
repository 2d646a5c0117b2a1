import MetadataModel

/// Runs the examples of every rule (`tagrules rules test`): each example runs its own rule
/// alone on the `given` score; the validated result must hold the `expect`ed values in the
/// fields the example names.
public enum RuleExamplesRunner {
    /// Runs every example of every rule in `ruleSet`, in rule order.
    ///
    /// - Throws: `RuleError` (`memoryExceeded`) when the Lua state cannot be built.
    public static func run(_ ruleSet: RuleSet) throws(RuleError) -> [RuleExampleResult] {
        let runner = try RuleRunner(ruleSet: ruleSet)
        var results: [RuleExampleResult] = []
        for rule in ruleSet.rules {
            for (offset, example) in rule.examples.enumerated() {
                let outcome = runner.run(example.given, document: example.document, only: rule.name)
                let mismatches = example.fields.compactMap { field -> ExampleMismatch? in
                    let expected = example.expected[field]
                    let actual = outcome.after[field]
                    return expected == actual ? nil : ExampleMismatch(field: field, expected: expected, actual: actual)
                }
                results.append(
                    RuleExampleResult(
                        rule: rule.name, file: rule.file, line: example.line ?? rule.line, index: offset + 1,
                        mismatches: mismatches, diagnostics: outcome.diagnostics))
            }
        }
        return results
    }
}

/// The outcome of one rule example.
public struct RuleExampleResult: Sendable, Hashable, Codable {
    /// The rule's name.
    public var rule: String
    /// The rule's file, relative to the rules folder.
    public var file: String?
    /// The line of the example in `file`, or of the rule's `apply` when the example's cannot
    /// be found.
    public var line: Int?
    /// The example's position in `examples`, from 1.
    public var index: Int
    /// The compared fields whose values differ from `expect`.
    public var mismatches: [ExampleMismatch]
    /// What running the rule reported (failures, validation).
    public var diagnostics: [Diagnostic]

    /// Whether the rule ran (without failing, and was not skipped) and every compared field
    /// matched. Validation findings do not fail an example.
    public var passed: Bool {
        mismatches.isEmpty && !diagnostics.contains { $0.ruleCode != .validation }
    }
}

/// A field whose value after the rule is not the expected one.
public struct ExampleMismatch: Sendable, Hashable, Codable {
    /// The field.
    public var field: MetadataField
    /// The value `expect` names.
    public var expected: FieldValue
    /// The value the rule produced (after validation).
    public var actual: FieldValue
}
