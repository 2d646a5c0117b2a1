import RuleHost

extension DiagnosticPrinter {
    /// Prints problems with rule files as `file:line: severity: message`, the file relative to
    /// the rules folder made relative to the current directory.
    ///
    /// - Parameters:
    ///   - diagnostics: What loading or checking the rules reported.
    ///   - folder: The rules folder as given, to prefix file names with.
    package func print(_ diagnostics: [RuleDiagnostic], folder: String) {
        for diagnostic in diagnostics {
            let severity: ReportDiagnostic.Severity =
                switch diagnostic.severity {
                case .note: .info
                case .warning: .warning
                case .error: .error
                }
            var location = diagnostic.file.map { Self.join(folder, $0) }
            if let line = diagnostic.line { location = (location ?? folder) + ":\(line)" }
            let rule = diagnostic.rule.map { " (rule '\($0)')" } ?? ""
            print(path: location, severity: severity, message: diagnostic.message + rule, code: diagnostic.code.rawValue)
        }
    }

    private static func join(_ folder: String, _ file: String) -> String {
        if file.hasPrefix("/") { return file }
        return folder.hasSuffix("/") ? folder + file : folder + "/" + file
    }
}
