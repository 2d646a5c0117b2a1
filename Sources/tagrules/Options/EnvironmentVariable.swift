import Foundation

/// The environment variables the options read.
enum EnvironmentVariable {
    /// `given` (a `--password`), else `TAGRULES_PASSWORD`, which, unlike an argument, other
    /// users cannot see in the process list.
    static func password(_ given: String?) -> String? {
        given ?? ProcessInfo.processInfo.environment["TAGRULES_PASSWORD"]
    }
}
