import RuleHost

extension DiagnosticPrinter {
    /// Prints problems with rule files as `file:line: severity: message`, the file as the
    /// rules folders were given (`RuleSet.location(of:)`).
    ///
    /// - Parameters:
    ///   - diagnostics: What loading or checking the rules reported.
    ///   - ruleSet: A rule set of the folders the diagnostics are about, to name their files.
    package func print(_ diagnostics: [RuleDiagnostic], of ruleSet: RuleSet) {
        let folder = ruleSet.folders.map(\.relativePath).joined(separator: ", ")
        for diagnostic in diagnostics {
            let severity: ReportDiagnostic.Severity =
                switch diagnostic.severity {
                case .note: .info
                case .warning: .warning
                case .error: .error
                }
            var location = diagnostic.file.map(ruleSet.location(of:))
            if let line = diagnostic.line { location = (location ?? folder) + ":\(line)" }
            let rule = diagnostic.rule.map { " (rule '\($0)')" } ?? ""
            print(path: location, severity: severity, message: diagnostic.message + rule, code: diagnostic.code.rawValue)
        }
    }
}
