import ArgumentParser
import Foundation
import TagrulesKit

/// Where the rules are: `--rules DIR` (repeatable, layered; `builtin` for the shipped rules),
/// else the config file's `rules`, else `./rules`, else the XDG config folder's
/// (`$XDG_CONFIG_HOME/tagrules/rules`, by default `~/.config/tagrules/rules`).
struct RulesOptions: ParsableArguments {
    /// `--rules DIR`, repeatable.
    @Option(name: [.short, .long], help: ArgumentHelp(
        "A rules folder, or 'builtin' for the shipped rules; repeat to layer folders, which run in the order given (default: the config file's rules, else ./rules, else $XDG_CONFIG_HOME/tagrules/rules).",
        valueName: "dir"), completion: .directory)
    var rules: [String] = []

    func validate() throws {
        if !rules.isEmpty { _ = try Defaults.validating { () throws(CLIError) in try Defaults.settings().rules(rules) } }
    }

    /// The rules folders to use, in order.
    ///
    /// - Throws: `ValidationError` (exit 64) when a folder given does not exist, or none is
    ///   given and none of the defaults exists; `CLIError` for a config file problem.
    func folders() throws -> [URL] { try Self.folders(rules) }

    /// The folders `given` names (with `flag`, for messages), else the defaults (see
    /// ``RulesOptions``).
    static func folders(_ given: [String], flag: String = "--rules") throws -> [URL] {
        let settings = try Defaults.settings()
        guard let setting = try Defaults.validating({ () throws(CLIError) in try settings.rules(given, flag: flag) }) else {
            let folder = Settings.configFolder()
            throw ValidationError(
                "no rules folder: give --rules DIR, or create ./rules or \(folder)/rules, or set rules in \(settings.configPath) (--rules builtin runs the shipped rules)")
        }
        return setting.value.map(\.url)
    }
}
