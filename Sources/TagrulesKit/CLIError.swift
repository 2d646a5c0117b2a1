/// The one error type of the command-line tool: a failure that stops a whole command (as
/// opposed to a file that cannot be read or written, which is reported and skipped).
///
/// The description is the line users read on stderr (after ArgumentParser's `Error: `):
/// lowercase, naming the path and the fix.
package struct CLIError: Error, CustomStringConvertible {
    /// Stable kinds of failure.
    package enum Code: String {
        /// A report could not be written to `--output`.
        case outputFailed = "output-failed"
        /// The rules folder could not be found or loaded.
        case rulesUnavailable = "rules-unavailable"
        /// A path given on the command line could not be listed.
        case discoveryFailed = "discovery-failed"
        /// An input file (a CSV, a 4SS) could not be read.
        case unreadableInput = "unreadable-input"
        /// An input file is not in the layout its format requires (a CSV that is not
        /// forScore's 15 columns, a 4SS that breaks the setlist rules).
        case malformedInput = "malformed-input"
        /// A `--where` expression failed on a score.
        case expressionFailed = "expression-failed"
        /// `watch` could not watch a folder (inotify unavailable, a folder vanished at start).
        case watchFailed = "watch-failed"
        /// The config file cannot be read or sets something wrong.
        case configInvalid = "config-invalid"
        /// The editor (`$VISUAL`/`$EDITOR`) could not be run, or failed.
        case editorFailed = "editor-failed"
        /// The command line asks for something that cannot be done (a `--where` that is no Lua
        /// expression): a usage error, exit 64.
        case usage = "usage"
    }

    /// What kind of failure this is.
    package var code: Code
    /// One clear sentence, lowercase, without the path.
    package var message: String
    /// The file or folder concerned.
    package var path: String?

    package init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    package var description: String {
        if let path { return "\(path): \(message)" }
        return message
    }
}
