import ArgumentParser
import TagrulesKit

/// The config file's settings (`Settings`), read once per run, when an option first needs
/// them.
enum Defaults {
    private static let loaded = Result { () throws(CLIError) in try Settings.load() }

    /// The settings in force.
    ///
    /// - Throws: `CLIError` (`config-invalid`, exit 1) naming the config file's line.
    static func settings() throws(CLIError) -> Settings { try loaded.get() }

    /// `body`, with a usage error it throws (`CLIError` `usage`: a `--rules` folder that does
    /// not exist) made ArgumentParser's, for `validate()`.
    static func validating<Value>(_ body: () throws(CLIError) -> Value) throws -> Value {
        do {
            return try body()
        } catch where error.code == .usage {
            throw ValidationError(error.message)
        }
    }
}
