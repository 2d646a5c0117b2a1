/// The one error type of RuleHost: a rule file that cannot be loaded or run, with its location.
public struct RuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable, machine-readable kinds of failure.
    public enum Code: String, Sendable, Hashable, Codable {
        /// A rule file does not compile.
        case syntax = "syntax"
        /// A rule file returns something that is not a rule, or a rule lacks `name`/`apply`.
        case invalidRule = "invalid-rule"
        /// A rule raised an error while running.
        case runtime = "runtime"
        /// A rule call ran out of its instruction budget.
        case budgetExceeded = "budget-exceeded"
        /// A rule call exhausted its Lua state's memory cap.
        case memoryExceeded = "memory-exceeded"
        /// A file could not be found or read, or lies outside the rules folder.
        case io = "io"
        /// A data file (`tagrules.data`) is not a table rules can use: a duplicate or empty
        /// key, a header without names, an unsupported type.
        case dataFile = "data-file"
        /// Two rules share a name; the later one is skipped.
        case duplicateName = "duplicate-name"
        /// A rule did not run on a score (it was disabled after repeated limit failures).
        case skipped = "skipped"
        /// Validation through MetadataModel changed or questioned a value a rule set.
        case validation = "validation"
        /// A rule example's result differs from its `expect`.
        case exampleFailed = "example-failed"
    }

    /// What kind of failure this is.
    public var code: Code
    /// One clear sentence, lowercase.
    public var message: String
    /// The rule file, when known.
    public var file: String?
    /// The line in `file`, when known.
    public var line: Int?

    /// Creates an error.
    public init(_ code: Code, _ message: String, file: String? = nil, line: Int? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
    }

    /// `file:line: message`, or as much of the location as is known.
    public var description: String {
        switch (file, line) {
        case let (file?, line?): return "\(file):\(line): \(message)"
        case let (file?, nil): return "\(file): \(message)"
        default: return message
        }
    }
}
