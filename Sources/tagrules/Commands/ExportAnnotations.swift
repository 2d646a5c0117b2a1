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
            JSON (the default): an array of {"file": PATH, "annotation": {…}}; an --output name ending in .plist chooses plist. plist: an XML property list, an array of dicts with the keys file and annotation. Keys follow open-in.txt: title, composers, genres, tags, labels, rating, difficulty, duration, keysf, keymi; lists are comma-joined strings, numbers are numbers, unset fields are left out.

            Exit status: 0 success; 1 when a file could not be read or a rule failed; 64 for usage errors.
            """)

    /// The two renderings `AnnotationExport` offers.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case json, plist
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var exchange: ExchangeOptions

    /// `--format json|plist`.
    @Option(help: ArgumentHelp(
        "json or plist (an XML property list); default: what --output's extension says (.plist), else json.",
        valueName: "format"))
    var format: Format?

    /// `--format`, else plist for an `--output` ending in `.plist`, else JSON (as `plan -o x.html`
    /// and `export csv -o x.tsv` choose by the extension).
    var resolvedFormat: Format {
        format ?? (exchange.output?.lowercased().hasSuffix(".plist") == true ? .plist : .json)
    }

    func run() throws {
        let discovery = try input.discover()
        let (scores, failed) = try ExchangeScores.load(
            discovery.files, rules: try exchange.rulesFolders(), jobs: try input.jobCount(), password: input.resolvedPassword)
        let files = scores.map { AnnotationExport.File(file: $0.loaded.path, annotation: OpenInAnnotation($0.metadata)) }
        switch resolvedFormat {
        case .json: try exchange.write(AnnotationExport.json(files))
        case .plist: try exchange.write(AnnotationExport.propertyList(files))
        }
        if failed || discovery.hasErrors { throw ExitCode.failure }
    }
}
