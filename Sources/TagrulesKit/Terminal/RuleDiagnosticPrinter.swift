import MetadataModel
import RuleHost

extension DiagnosticPrinter {
    /// Prints problems with rule files as `file:line: severity: message`, the file as the
    /// rules folders were given (`RuleSet.location(of:)`).
    ///
    /// - Parameters:
    ///   - diagnostics: What loading or checking the rules reported.
    ///   - ruleSet: A rule set of the folders the diagnostics are about, to name their files.
    package func print(_ diagnostics: [Diagnostic], of ruleSet: RuleSet) {
        let folder = ruleSet.folders.map(\.relativePath).joined(separator: ", ")
        for diagnostic in diagnostics {
            var location = diagnostic.location.file.map(ruleSet.location(of:))
            if let line = diagnostic.location.line { location = (location ?? folder) + ":\(line)" }
            let rule = diagnostic.location.rule.map { " (rule '\($0)')" } ?? ""
            print(path: location, severity: diagnostic.severity, message: diagnostic.message + rule, code: diagnostic.code.rawValue)
        }
    }
}
