import ArgumentParser
import MetadataModel

/// Reads a plain `tagrules plan …` or `tagrules apply …` command line without ArgumentParser's
/// parser, which spends 20 M instructions (a one-file plan's 51 M) on reflection and first-time
/// type lookups before every run: the same ``Tagrules/Plan`` or ``Tagrules/Apply`` value, built
/// from the words directly.
///
/// Only what is unambiguous is read here: the command, then paths, the long or short names of
/// its options each followed by a value, and its flags, each option or flag at most once;
/// the values of `--jobs`, `--format` and `--duration-keyword` as ArgumentParser reads them.
/// Anything else (`--name=value`, grouped short flags, `--`, `--help`, `--version`, completion
/// requests, unknown names, a word that starts with `-` or is empty, a repeated option, no path,
/// a value that cannot be read or that `validate()` refuses) returns nil, and ArgumentParser
/// parses the line as before: its help, errors and exit codes are untouched.
enum CommandLineShortcut {
    /// The command `arguments` (the command line without the program) describe, validated as
    /// ArgumentParser validates it; nil when they are not a plain `plan` or `apply` line (see
    /// above).
    static func parse(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first, name == "plan" || name == "apply" else { return nil }
        var words = Words()
        var index = 1
        /// The next word as the value of an option not given yet.
        func value(into slot: inout String?) -> Bool {
            guard slot == nil, index < arguments.count, let first = arguments[index].utf8.first,
                first != UInt8(ascii: "-")
            else { return false }
            slot = arguments[index]
            index += 1
            return true
        }
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            guard let first = word.utf8.first else { return nil }
            guard first == UInt8(ascii: "-") else {
                words.paths.append(word)
                continue
            }
            let known: Bool
            switch word {
            case "--jobs", "-j": known = value(into: &words.jobs)
            case "--password": known = value(into: &words.password)
            case "--rules", "-r": known = value(into: &words.rules)
            case "--format": known = value(into: &words.format)
            case "--output", "-o": known = value(into: &words.output)
            case "--duration-keyword": known = value(into: &words.durationKeyword)
            case "--verbose", "-v": known = Self.set(&words.verbose)
            case "--strict": known = Self.set(&words.strict)
            case "--force": known = Self.set(&words.force)
            case "--normalize": known = Self.set(&words.normalize)
            case "--exit-code" where name == "plan": known = Self.set(&words.exitCode)
            default: known = false
            }
            guard known else { return nil }
        }
        guard !words.paths.isEmpty else { return nil }
        return command(name, words)
    }

    /// The words of a plain line, by the option they belong to.
    private struct Words {
        var paths: [String] = []
        var jobs, password, rules, format, output, durationKeyword: String?
        var verbose = false, strict = false, force = false, normalize = false, exitCode = false
    }

    /// Sets a flag not given yet.
    private static func set(_ flag: inout Bool) -> Bool {
        guard !flag else { return false }
        flag = true
        return true
    }

    /// The command with every property set (ArgumentParser's wrappers trap when one is read
    /// unset), or nil when a value cannot be read or `validate()` refuses the result.
    private static func command(_ name: String, _ words: Words) -> (any ParsableCommand)? {
        var input = InputOptions()
        input.paths = words.paths
        input.jobs = nil
        if let jobs = words.jobs {
            // Digits only: read the same by `Int(argument:)` (a sign or an overflow is left to ArgumentParser).
            guard jobs.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let count = Int(jobs) else { return nil }
            input.jobs = count
        }
        input.password = words.password
        var rules = RulesOptions()
        rules.rules = words.rules
        var output = OutputOptions()
        output.format = nil
        if let format = words.format {
            guard let parsed = ReportFormat(argument: format) else { return nil }
            output.format = parsed
        }
        output.output = words.output
        output.verbose = words.verbose
        output.strict = words.strict
        var writeFlags = WriteFlags()
        writeFlags.force = words.force
        writeFlags.normalize = words.normalize
        writeFlags.durationKeyword = .duration
        if let keyword = words.durationKeyword {
            guard let parsed = DurationKeyword(argument: keyword) else { return nil }
            writeFlags.durationKeyword = parsed
        }
        var command: any ParsableCommand
        if name == "plan" {
            var plan = Tagrules.Plan()
            plan.input = input
            plan.rules = rules
            plan.output = output
            plan.writeFlags = writeFlags
            plan.exitCode = words.exitCode
            command = plan
        } else {
            var apply = Tagrules.Apply()
            apply.input = input
            apply.rules = rules
            apply.writeFlags = writeFlags
            apply.output = output
            command = apply
        }
        do {
            try input.validate()
            try rules.validate()
            try output.validate()
            try writeFlags.validate()
            try command.validate()
        } catch {
            return nil
        }
        return command
    }
}
