import Foundation
import MetadataModel

/// Checks a rules folder without running rules on scores (`tagrules rules check`): syntax,
/// rule tables without `name` or `apply`, duplicate names, malformed examples, unknown fields —
/// everything `RuleSet.load` reports — plus notes on rules without a description or examples.
public enum RuleChecker {
    /// Loads the rules of `folder` and returns every finding, ordered by file and line.
    ///
    /// - Throws: `RuleError` (`io`) when the folder cannot be listed.
    public static func check(folder: URL, limits: SandboxLimits = SandboxLimits()) throws(RuleError) -> [Diagnostic] {
        check(try RuleSet.load(folder: folder, limits: limits))
    }

    /// Every finding of a loaded rule set, ordered by file and line.
    public static func check(_ ruleSet: RuleSet) -> [Diagnostic] {
        var findings = ruleSet.diagnostics
        for rule in ruleSet.rules {
            if rule.summary == nil {
                findings.append(note("rule '\(rule.name)' has no description", rule))
            }
            if rule.examples.isEmpty {
                findings.append(note("rule '\(rule.name)' has no examples; `tagrules rules test` cannot check it", rule))
            }
        }
        // Findings without a file first, then rule files in the order they run (folder by
        // folder), then other files (modules, data files) by name.
        let order = Dictionary(ruleSet.sources.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let rank = { (file: String?) in file.map { order[$0] ?? order.count } ?? -1 }
        return findings.enumerated().sorted { a, b in
            let left = (rank(a.element.location.file), a.element.location.file ?? "", a.element.location.line ?? 0, a.offset)
            let right = (rank(b.element.location.file), b.element.location.file ?? "", b.element.location.line ?? 0, b.offset)
            return left < right
        }.map(\.element)
    }

    private static func note(_ message: String, _ rule: RuleSummary) -> Diagnostic {
        Diagnostic(severity: .info, code: .invalidRule, message: message, rule: rule.name, file: rule.file, line: rule.line)
    }
}
