import ArgumentParser
import Foundation
import TagrulesKit

/// Where the rules are: `--rules DIR`, else `./rules`, else the XDG config folder
/// (`$XDG_CONFIG_HOME/tagrules/rules`, by default `~/.config/tagrules/rules`).
struct RulesOptions: ParsableArguments {
    /// `--rules DIR`.
    @Option(name: [.short, .long], help: ArgumentHelp(
        "The rules folder (default: ./rules, else $XDG_CONFIG_HOME/tagrules/rules or ~/.config/tagrules/rules).",
        valueName: "dir"))
    var rules: String?

    func validate() throws {
        if rules != nil { _ = try folder() }
    }

    /// The rules folder to use.
    ///
    /// - Throws: `ValidationError` (exit 64) when no folder is given and none of the defaults
    ///   exists.
    func folder() throws -> URL { try Self.folder(rules, flag: "--rules") }

    /// The folder `explicit` names, else the first default folder that exists.
    ///
    /// - Throws: `ValidationError` (exit 64) naming `flag` when `explicit` is not a folder, or
    ///   when it is nil and no default folder exists.
    static func folder(_ explicit: String?, flag: String) throws -> URL {
        if let explicit {
            guard isFolder(explicit) else { throw ValidationError("\(flag): '\(explicit)' is not a folder") }
            return URL(fileURLWithPath: explicit)
        }
        for candidate in defaultFolders where isFolder(candidate) {
            return URL(fileURLWithPath: candidate)
        }
        throw ValidationError(
            "no rules folder: give \(flag) DIR, or create ./rules or \(defaultFolders.last ?? "~/.config/tagrules/rules")")
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
