import ArgumentParser
import Foundation

/// Where the rules are: `--rules DIR`, else `./rules`, else the XDG config folder
/// (`$XDG_CONFIG_HOME/tagrules/rules`, by default `~/.config/tagrules/rules`).
struct RulesOptions: ParsableArguments {
    /// `--rules DIR`.
    @Option(name: [.short, .long], help: ArgumentHelp(
        "The rules folder (default: ./rules, else $XDG_CONFIG_HOME/tagrules/rules or ~/.config/tagrules/rules).",
        valueName: "dir"))
    var rules: String?

    func validate() throws {
        if let rules, !Self.isFolder(rules) {
            throw ValidationError("--rules: '\(rules)' is not a folder")
        }
    }

    /// The rules folder to use.
    ///
    /// - Throws: `ValidationError` (exit 64) when no folder is given and none of the defaults
    ///   exists.
    func folder() throws -> URL {
        if let rules { return URL(fileURLWithPath: rules) }
        for candidate in Self.defaultFolders where Self.isFolder(candidate) {
            return URL(fileURLWithPath: candidate)
        }
        throw ValidationError(
            "no rules folder: give --rules DIR, or create ./rules or \(Self.defaultFolders.last ?? "~/.config/tagrules/rules")")
    }

    /// `./rules`, then the XDG config folder.
    static var defaultFolders: [String] {
        let environment = ProcessInfo.processInfo.environment
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return ["rules", config + "/tagrules/rules"]
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
