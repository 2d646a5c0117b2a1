/// The one error type of RuleHost: a rule file that cannot be loaded or run, with its location.
public struct RuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable, machine-readable kinds of failure.
    public enum Code: String, Sendable, Hashable, Codable {
        case syntax = "syntax"
        case invalidRule = "invalid-rule"
        case runtime = "runtime"
        case budgetExceeded = "budget-exceeded"
        case memoryExceeded = "memory-exceeded"
        case io = "io"
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

    public var description: String {
        switch (file, line) {
        case let (file?, line?): return "\(file):\(line): \(message)"
        case let (file?, nil): return "\(file): \(message)"
        default: return message
        }
    }
}
