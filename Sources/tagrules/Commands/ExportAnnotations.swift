import ArgumentParser
import MetadataModel
import TagrulesKit

/// `tagrules export annotations PATH… --format json|plist`: the Open In annotation dictionary
/// (open-in.txt) of each file, for app developers who hand scores to forScore with
/// `UIDocumentInteractionController.annotation`.
struct ExportAnnotations: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotations",
        abstract: "Write each file's Open In annotation dictionary (for apps that send scores to forScore).",
        discussion: """
            JSON: an array of {"file": PATH, "annotation": {…}}. plist: an XML property list, an array of dicts with the keys file and annotation. Keys follow open-in.txt: title, composers, genres, tags, labels, rating, difficulty, duration, keysf, keymi; lists are comma-joined strings, numbers are numbers, unset fields are left out.

            Exit status: 0 success; 1 when a file could not be read or a rule failed; 64 for usage errors.
            """)

    /// The two renderings `AnnotationExport` offers.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case json, plist
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var exchange: ExchangeOptions

    /// `--format json|plist`.
    @Option(help: ArgumentHelp("json or plist (an XML property list).", valueName: "format"))
    var format: Format = .json

    func run() throws {
        let discovery = try input.discover()
        let (scores, failed) = try ExchangeScores.load(
            discovery.files, rules: try exchange.rulesFolders(), jobs: try input.jobCount(), password: input.resolvedPassword)
        let files = scores.map { AnnotationExport.File(file: $0.loaded.path, annotation: OpenInAnnotation($0.metadata)) }
        switch format {
        case .json: try exchange.write(AnnotationExport.json(files))
        case .plist: try exchange.write(AnnotationExport.propertyList(files))
        }
        if failed || discovery.hasErrors { throw ExitCode.failure }
    }
}
