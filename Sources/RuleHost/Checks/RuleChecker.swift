import Foundation

/// Checks a rules folder without running rules on scores (`tagrules rules check`): syntax,
/// rule tables without `name` or `apply`, duplicate names, malformed examples, unknown fields —
/// everything `RuleSet.load` reports — plus notes on rules without a description or examples.
public enum RuleChecker {
    /// Loads the rules of `folder` and returns every finding, ordered by file and line.
    ///
    /// - Throws: `RuleError` (`io`) when the folder cannot be listed.
    public static func check(folder: URL, limits: SandboxLimits = SandboxLimits()) throws(RuleError) -> [RuleDiagnostic] {
        let ruleSet = try RuleSet.load(folder: folder, limits: limits)
        var findings = ruleSet.diagnostics
        for rule in ruleSet.rules {
            if rule.summary == nil {
                findings.append(note("rule '\(rule.name)' has no description", rule))
            }
            if rule.examples.isEmpty {
                findings.append(note("rule '\(rule.name)' has no examples; `tagrules rules test` cannot check it", rule))
            }
        }
        return findings.enumerated().sorted { a, b in
            let left = (a.element.file ?? "", a.element.line ?? 0, a.offset)
            let right = (b.element.file ?? "", b.element.line ?? 0, b.offset)
            return left < right
        }.map(\.element)
    }

    private static func note(_ message: String, _ rule: RuleSummary) -> RuleDiagnostic {
        RuleDiagnostic(severity: .note, code: .invalidRule, message: message, rule: rule.name, file: rule.file, line: rule.line)
    }
}
