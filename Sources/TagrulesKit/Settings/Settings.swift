import Foundation
import MetadataModel

/// The defaults in force: the config file's (``ConfigFile``) over tagrules' own. A command-line
/// option overrides both, except `--exclude`, whose patterns add to the config file's.
///
/// Paths in the config file start from its folder; `~/` is the home folder; `builtin` is the
/// shipped rules (``BuiltinRules``).
package struct Settings: Sendable {
    /// Where a value in force comes from.
    package enum Origin: Sendable, Hashable, CustomStringConvertible {
        /// An option on the command line.
        case commandLine
        /// A line of the config file.
        case configFile(path: String, line: Int)
        /// tagrules' own default; the text says which.
        case standard(String)

        package var description: String {
            switch self {
            case .commandLine: "command line"
            case .configFile(let path, let line): "\(path):\(line)"
            case .standard(let what): what
            }
        }
    }

    /// A value and where it comes from.
    package struct Setting<Value: Sendable>: Sendable {
        package var value: Value
        package var origin: Origin
    }

    /// A rules folder in force: as written (`builtin`, `~/my-rules`) and where it is.
    package struct RulesFolder: Sendable, Hashable {
        package var given: String
        package var url: URL
    }

    /// The config file's path, whether or not it exists.
    package let configPath: String
    /// Whether the config file exists (and was read).
    package let configExists: Bool
    /// What the config file sets.
    package let file: ConfigFile
    private let home: String

    /// Reads the config file `environment` points to (``configPath(environment:)``).
    ///
    /// - Throws: `CLIError` (`config-invalid`) when it exists but cannot be read or parsed,
    ///   naming its path and line.
    package static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CLIError) -> Settings {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let path = configFolder(environment: environment) + "/config.toml"
        guard FileManager.default.fileExists(atPath: path) else {
            return Settings(configPath: path, configExists: false, file: ConfigFile(), home: home)
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CLIError(.configInvalid, "cannot read the config file as UTF-8 text", path: path)
        }
        do {
            return Settings(configPath: path, configExists: true, file: try ConfigFile(parsing: text), home: home)
        } catch {
            throw CLIError(.configInvalid, error.message, path: "\(path):\(error.line)")
        }
    }

    /// `$XDG_CONFIG_HOME/tagrules`, by default `~/.config/tagrules`: where the config file and
    /// the default rules folder (`rules/`) live.
    package static func configFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return config + "/tagrules"
    }

    /// The rules folders in force: `given` (`--rules`, repeatable), else the config file's
    /// `rules`, else `./rules`, else the rules folder of the config folder. Nil when none is
    /// given and no default exists.
    ///
    /// - Parameter flag: What gave `given`, for messages.
    /// - Throws: `CLIError` (`usage` for `given`, `config-invalid` for the config file) when
    ///   a folder given does not exist, or `builtin` cannot be found.
    package func rules(_ given: [String], flag: String = "--rules") throws(CLIError) -> Setting<[RulesFolder]>? {
        if !given.isEmpty {
            let folders = try given.map { path throws(CLIError) in
                try Self.rulesFolder(path, at: URL(fileURLWithPath: path)) { CLIError(.usage, "\(flag): \($0)") }
            }
            return Setting(value: folders, origin: .commandLine)
        }
        if let (paths, line) = file.strings(.rules) {
            let origin = Origin.configFile(path: configPath, line: line)
            let folders = try paths.map { path throws(CLIError) in
                try Self.rulesFolder(path, at: resolved(path)) { CLIError(.configInvalid, "rules: \($0)", path: origin.description) }
            }
            return Setting(value: folders, origin: origin)
        }
        let defaults = [("rules", "./rules"), (Self.configFolder() + "/rules", "the config folder's rules")]
        for (path, what) in defaults where FileManager.default.isFolder(atPath: path) {
            return Setting(value: [RulesFolder(given: path, url: URL(fileURLWithPath: path))], origin: .standard("default: \(what)"))
        }
        return nil
    }

    /// What `--exclude` leaves out: the config file's patterns, then `given`.
    package func exclusion(_ given: [String]) -> Setting<PathExclusion> {
        guard let (patterns, line) = file.strings(.exclude) else {
            return Setting(value: PathExclusion(given), origin: given.isEmpty ? .standard("default: none") : .commandLine)
        }
        return Setting(value: PathExclusion(patterns + given), origin: .configFile(path: configPath, line: line))
    }

    /// The number of worker threads: `given` (`--jobs`), else the config file's, else one per core.
    package func jobs(_ given: Int?) -> Setting<Int> {
        if let given { return Setting(value: given, origin: .commandLine) }
        if let (jobs, line) = file.integer(.jobs) { return Setting(value: jobs, origin: .configFile(path: configPath, line: line)) }
        return Setting(value: WorkerPool.defaultJobs, origin: .standard("default: one per core"))
    }

    /// The keyword written for the duration: `given`, else the config file's, else `duration`.
    package func durationKeyword(_ given: DurationKeyword?) -> Setting<DurationKeyword> {
        if let given { return Setting(value: given, origin: .commandLine) }
        if let (text, line) = file.string(.durationKeyword), let keyword = DurationKeyword(rawValue: text) {
            return Setting(value: keyword, origin: .configFile(path: configPath, line: line))
        }
        return Setting(value: .duration, origin: .standard("default"))
    }

    /// A path of the config file: `~/` from the home folder, a relative one from the file's folder.
    private func resolved(_ path: String) -> URL {
        if path == BuiltinRules.name { return URL(fileURLWithPath: path) }
        if path == "~" { return URL(fileURLWithPath: home) }
        if path.hasPrefix("~/") { return URL(fileURLWithPath: home + path.dropFirst(1)) }
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: (configPath as NSString).deletingLastPathComponent).appendingPathComponent(path)
    }

    /// The folder `given` names (at `url`): `builtin` is the shipped rules.
    private static func rulesFolder(
        _ given: String, at url: URL, error: (String) -> CLIError
    ) throws(CLIError) -> RulesFolder {
        if given == BuiltinRules.name {
            guard let folder = BuiltinRules.folder() else {
                let looked = BuiltinRules.candidates().map(\.path).joined(separator: ", ")
                throw error("the shipped rules are not installed beside this binary (looked in \(looked)); see scripts/install.sh")
            }
            return RulesFolder(given: given, url: folder)
        }
        guard FileManager.default.isFolder(atPath: url.path) else { throw error("'\(given)' is not a folder") }
        return RulesFolder(given: given, url: url)
    }

}
