import Foundation
import Testing
@testable import TagrulesKit

/// Issue 28: the config file (`$XDG_CONFIG_HOME/tagrules/config.toml`) and `tagrules config`.
struct ConfigFileTests {
    @Test func readsTheSubsetOfTOML() throws {
        let file = try ConfigFile(parsing: """
            # defaults
            rules = ["builtin", 'C:\\my rules', "tab\\there\\u00e9"]   # layered
            exclude = [
              "*.draft.pdf",  # drafts
              "Archive",
            ]
            jobs = 4
            duration-keyword = "seconds"
            """)
        #expect(file.strings(.rules)?.values == ["builtin", "C:\\my rules", "tab\there\u{e9}"])
        #expect(file.strings(.rules)?.line == 2)
        #expect(file.strings(.exclude)?.values == ["*.draft.pdf", "Archive"])
        #expect(file.integer(.jobs)?.value == 4)
        #expect(file.integer(.jobs)?.line == 7)
        #expect(file.string(.durationKeyword)?.value == "seconds")
        #expect(try ConfigFile(parsing: "rules = \"mine\"\n").strings(.rules)?.values == ["mine"])
        #expect(try ConfigFile(parsing: "").entries.isEmpty)
    }

    @Test(arguments: [
        ("rule = []", 1, "unknown key 'rule' (known: rules, exclude, jobs, duration-keyword)"),
        ("\n\njobs = 0", 3, "'jobs' must be at least 1 (got 0)"),
        ("jobs = \"4\"", 1, "'jobs' must be a whole number, like jobs = 4"),
        ("jobs = 4\njobs = 5", 2, "'jobs' is set twice (first on line 1)"),
        ("duration-keyword = \"minutes\"", 1, "'duration-keyword' must be \"duration\" or \"seconds\" (got \"minutes\")"),
        ("rules = 3", 1, "'rules' must be a string or an array of strings, like rules = [\"…\"]"),
        ("rules = [\"a\", 3]", 1, "arrays hold strings only, like [\"a\", \"b\"]"),
        ("rules = [\"a\"\n", 1, "the array is not closed with ']'"),
        ("rules = \"a", 1, "the string is not closed with \" on its line"),
        ("[tagrules]\njobs = 1", 1, "tables ([section]) are not supported; write key = value lines"),
        ("jobs 4", 1, "expected '=' after 'jobs'"),
        ("jobs = 4 5", 1, "unexpected text after the value of 'jobs'"),
        ("exclude = [\"\"]", 1, "'exclude' holds an empty string"),
        ("rules = \"\\q\"", 1, "unknown escape '\\q' (use \\\\ for a backslash)"),
    ])
    func refusesWhatItDoesNotTakeWithTheLine(_ text: String, _ line: Int, _ message: String) {
        #expect(throws: ConfigFile.Error(line: line, message: message)) { try ConfigFile(parsing: text) }
    }

    /// A scratch folder with a config folder (`config/tagrules/config.toml` holding `text`).
    private static func configured(_ text: String, in scratch: Fixtures.Scratch) throws -> [String: String] {
        let folder = scratch.url.appendingPathComponent("config/tagrules")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": scratch.url.appendingPathComponent("config").path]
    }

    /// The config file's rules (layered, relative to its folder), exclude, jobs and duration
    /// keyword take effect; the command line wins, except `--exclude`, which adds.
    @Test func defaultsComeFromTheConfigFile() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach, Fixtures.Demo.chopin, Fixtures.Demo.beethoven])
        _ = try scratch.writeRules(
            ["10-long.lua": "return { name = 'long', apply = function(score) score.duration = 75 end }"],
            folder: "config/tagrules/mine")
        let environment = try Self.configured("""
            rules = ["builtin", "mine"]
            exclude = ["Beethoven*"]
            jobs = 1
            duration-keyword = "seconds"
            """, in: scratch)

        let plan = try CLI.run(["plan", "library", "--format", "json"], in: scratch.url, environment: environment)
        #expect(plan.status == 0, "\(plan.stderr)")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, plan.stdoutData)
        #expect(report.files.map(\.path) == ["library/\(Fixtures.Demo.bach)", "library/\(Fixtures.Demo.chopin)"])
        #expect(report.files[1].changes.map(\.rules).contains(["key from title"]), "the shipped rules ran")
        #expect(report.files.allSatisfy { $0.after?.duration == 75 }, "then the config's own folder")

        let more = try CLI.run(
            ["plan", "library", "--exclude", "Bach*", "--rules", "config/tagrules/mine", "--format", "json"], in: scratch.url,
            environment: environment)
        let narrowed = try ReportJSON.decode(ReportJSON.Changes.self, more.stdoutData)
        #expect(narrowed.files.map(\.path) == ["library/\(Fixtures.Demo.chopin)"], "--exclude adds to the config's")
        #expect(narrowed.files[0].changes.map(\.field) == ["duration"], "--rules replaces the config's")

        let apply = try CLI.run(["apply", "library/\(Fixtures.Demo.bach)"], in: scratch.url, environment: environment)
        #expect(apply.status == 0, "\(apply.stderr)")
        let fields = try #require(try PDFInfoOracle.fields(of: scratch.url.appendingPathComponent("library/\(Fixtures.Demo.bach)")))
        #expect(fields["Keywords"]?.contains("seconds:75") == true, "\(fields)")
    }

    @Test func configPrintsWhatIsInForceAndWhereItComesFrom() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let none = try CLI.run(["config"], in: scratch.url)
        #expect(none.status == 0)
        #expect(none.stdout.contains("# no config file at "))
        #expect(none.stdout.contains("rules = []"))
        #expect(none.stdout.contains("duration-keyword = \"duration\"  # default"), "\(none.stdout)")

        _ = try scratch.writeRules(["10-x.lua": "return {}"], folder: "config/tagrules/mine")
        let environment = try Self.configured("# mine\nrules = [\"builtin\", \"mine\"]\n\njobs = 3\n", in: scratch)
        let path = scratch.url.appendingPathComponent("config/tagrules/config.toml").path
        let shown = try CLI.run(["config"], in: scratch.url, environment: environment)
        #expect(shown.status == 0, "\(shown.stderr)")
        let lines = shown.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: " {2,}", with: " ", options: .regularExpression) }
        #expect(lines == [
            "# config file: \(path)",
            "rules = [\"builtin\", \"\(scratch.url.path)/config/tagrules/mine\"] # \(path):2; builtin is \(Fixtures.rules.path)",
            "exclude = [] # default: none",
            "jobs = 3 # \(path):4",
            "duration-keyword = \"duration\" # default",
        ])
        let json = try CLI.run(["config", "--format", "json"], in: scratch.url, environment: environment)
        let root = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(root["file"] as? String == path)
        let settings = try #require(root["settings"] as? [[String: Any]])
        #expect(settings.map { $0["key"] as? String } == ["rules", "exclude", "jobs", "duration-keyword"])
        #expect(settings[2]["source"] as? String == "\(path):4")
    }

    /// A broken config file stops every command that reads it, naming the file and line.
    @Test func aBrokenConfigFileIsReportedWithItsLine() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let environment = try Self.configured("jobs = 2\njbos = 3\n", in: scratch)
        let path = scratch.url.appendingPathComponent("config/tagrules/config.toml").path
        for arguments in [["config"], ["plan", "library", "--rules", "builtin"], ["inspect", "library"]] {
            let result = try CLI.run(arguments, in: scratch.url, environment: environment)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("\(path):2: unknown key 'jbos'"), "\(result.stderr)")
        }
    }
}
