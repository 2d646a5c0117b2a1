import ArgumentParser
import Foundation
import TagrulesKit

/// `tagrules rules new NAME [DIR]`: writes a documented rule skeleton with an example.
struct RulesNew: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a documented rule file to start from, with an example that passes.",
        discussion: """
            Writes DIR/NAME.lua (NAME such as 50-piano-method: the number decides when it runs); DIR defaults to the first rules folder in force (see `tagrules config`), else ./rules, created if needed. An existing file is never replaced.

            Exit status: 0 when the file was written, 1 when it could not be, 64 for usage errors (a file of that name exists).
            """)

    /// `NAME`.
    @Argument(help: ArgumentHelp("The rule file's name without .lua, e.g. 50-piano-method.", valueName: "name"))
    var name: String

    /// `DIR`.
    @Argument(help: ArgumentHelp("The rules folder to write into.", valueName: "dir"))
    var folder: String?

    func validate() throws {
        let stem = name.hasSuffix(".lua") ? String(name.dropLast(4)) : name
        guard !stem.isEmpty, !stem.hasPrefix("."), !stem.contains("/") else {
            throw ValidationError("'\(name)' is not a rule file name: give a name like 50-piano-method (no '/', not starting with '.')")
        }
    }

    func run() throws {
        let stem = name.hasSuffix(".lua") ? String(name.dropLast(4)) : name
        let target = try targetFolder()
        let file = target.appendingPathComponent(stem + ".lua")
        guard !FileManager.default.fileExists(atPath: file.path) else {
            throw ValidationError("\(file.relativePath) exists; choose another name")
        }
        do {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        } catch {
            throw CLIError(.outputFailed, "cannot create the folder: \(error.localizedDescription)", path: target.relativePath)
        }
        try InterchangeFiles.write(RuleTemplate.text(fileName: stem), to: file.relativePath)
        Terminal.writeOutput("wrote \(file.relativePath); test it with: tagrules rules test \(file.relativePath)\n")
    }

    /// DIR, else the first rules folder in force unless it is the shipped one, else ./rules.
    private func targetFolder() throws -> URL {
        if let folder { return URL(fileURLWithPath: folder) }
        let inForce = try Defaults.settings().rules([])?.value.first { $0.given != BuiltinRules.name }
        return inForce?.url ?? URL(fileURLWithPath: "rules")
    }
}
