import ArgumentParser
import TagrulesKit

extension Tagrules {
    /// `tagrules config`: the defaults in force and where each comes from.
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Show the defaults in force (rules, exclude, jobs, duration-keyword) and where each comes from.",
            discussion: """
                The config file is $XDG_CONFIG_HOME/tagrules/config.toml (by default ~/.config/tagrules/config.toml), for instance:
                  rules = ["builtin", "~/scores/my-rules"]   # layered in this order; builtin: the shipped rules
                  exclude = ["*.draft.pdf", "Archive"]
                  jobs = 4
                  duration-keyword = "seconds"
                Relative paths start from the config file's folder. An option on the command line wins over the file, except --exclude, which adds to it.

                Exit status: 0 success; 1 when the config file cannot be read or sets something wrong (named with its line); 64 for usage errors.
                """)

        /// `--format text|json`.
        @Option(help: ArgumentHelp("text (a config file with each source as a comment) or json.", valueName: "format"))
        var format: DataFormat = .text

        func run() throws {
            let report = try SettingsReport(try Defaults.settings())
            switch format {
            case .text: Terminal.writeOutput(report.text)
            case .json: Terminal.writeOutput(report.json.text)
            }
        }
    }
}
