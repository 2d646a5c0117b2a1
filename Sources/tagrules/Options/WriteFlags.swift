import ArgumentParser
import MetadataModel
import TagrulesKit

/// How changes are written: shared by `apply` and `set`.
struct WriteFlags: ParsableArguments {
    /// `--force`: write repaired, signed and hard-linked files too.
    @Flag(help: "Also write files whose cross-reference data had to be repaired, signed files (never DocMDP P=1), and the given name of a hard-linked file.")
    var force = false

    /// `--normalize`.
    @Flag(help: ArgumentHelp(
        "Also write files that forScore reads correctly but whose Info is not in canonical form (retired forScore-rating:/-difficulty: keywords, missing spaces, keyword order)."))
    var normalize = false

    /// `--duration-keyword duration|seconds`.
    @Option(help: ArgumentHelp(
        "The keyword written for the duration: 'duration' (duration:N, the default unless the config file says otherwise) or 'seconds' (seconds:N).",
        valueName: "keyword"))
    var durationKeyword: DurationKeyword?

    /// The write path these flags describe, with the config file's duration keyword when
    /// `--duration-keyword` is not given.
    func writer() throws(CLIError) -> ScoreWriter {
        let keyword = try Defaults.settings().durationKeyword(durationKeyword).value
        return ScoreWriter(encoding: EncodingOptions(durationKeyword: keyword), force: force, normalize: normalize)
    }
}
