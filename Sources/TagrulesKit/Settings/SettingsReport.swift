import MetadataModel

/// What `tagrules config` prints: each setting in force, its value and where it comes from.
package struct SettingsReport {
    /// One setting: its config file key, its value as TOML and as JSON, where it comes from.
    struct Line {
        var key: String
        var toml: String
        var json: JSONValue
        var origin: Settings.Origin?
        /// A note after the line (`builtin` is …; what to do when nothing is in force).
        var note: String?
    }

    let settings: Settings
    let lines: [Line]

    /// The settings in force without command-line options.
    ///
    /// - Throws: `CLIError` when a rules folder of the config file does not exist.
    package init(_ settings: Settings) throws(CLIError) {
        self.settings = settings
        var lines: [Line] = []
        if let rules = try settings.rules([]) {
            let paths = rules.value.map { $0.given == BuiltinRules.name ? $0.given : $0.url.path }
            let builtin = rules.value.first { $0.given == BuiltinRules.name }.map { "builtin is \($0.url.path)" }
            lines.append(Line(key: "rules", toml: Self.toml(paths), json: .strings(paths), origin: rules.origin, note: builtin))
        } else {
            lines.append(Line(
                key: "rules", toml: "[]", json: .array([]), origin: nil,
                note: "none: plan, apply and watch need --rules DIR (or --rules builtin)"))
        }
        let exclusion = settings.exclusion([])
        lines.append(Line(
            key: "exclude", toml: Self.toml(exclusion.value.patterns), json: .strings(exclusion.value.patterns),
            origin: exclusion.origin))
        let jobs = settings.jobs(nil)
        lines.append(Line(key: "jobs", toml: String(jobs.value), json: .int(jobs.value), origin: jobs.origin))
        let keyword = settings.durationKeyword(nil)
        lines.append(Line(
            key: "duration-keyword", toml: Self.toml(keyword.value.rawValue), json: .string(keyword.value.rawValue),
            origin: keyword.origin))
        self.lines = lines
    }

    /// The settings as a config file would set them, each commented with where it comes from.
    package var text: String {
        var out = settings.configExists
            ? "# config file: \(settings.configPath)\n"
            : "# no config file at \(settings.configPath): tagrules' defaults are in force\n"
        let width = lines.map { $0.key.count + 3 + $0.toml.count }.max() ?? 0
        for line in lines {
            let setting = "\(line.key) = \(line.toml)"
            let comments = [line.origin?.description, line.note].compactMap { $0 }.joined(separator: "; ")
            out += setting + String(repeating: " ", count: width - setting.count) + "  # " + comments + "\n"
        }
        return out
    }

    /// `{"file": path, "exists": bool, "settings": [{"key", "value", "source", "note"}]}`.
    package var json: JSONValue {
        .object([
            "file": .string(settings.configPath),
            "exists": .bool(settings.configExists),
            "settings": .array(lines.map { line in
                .object([
                    "key": .string(line.key), "value": line.json, "source": .string(line.origin?.description),
                    "note": .string(line.note),
                ])
            }),
        ])
    }

    /// A TOML basic string.
    private static func toml(_ text: String) -> String { JSONValue.quote(text) }

    /// A TOML array of basic strings.
    private static func toml(_ list: [String]) -> String {
        "[" + list.map(toml).joined(separator: ", ") + "]"
    }
}
