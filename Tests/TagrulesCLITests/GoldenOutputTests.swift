import Foundation
import Testing

/// The output contract, byte for byte: `inspect`, `plan`, `apply` and `undo` over the demo
/// library and the shared corpus, in JSON (the stable contract), text (with and without `-v`),
/// Markdown and HTML, with standard error and the exit status, against golden files in
/// `Fixtures/golden`.
///
/// The rules are a frozen copy of the shipped rules (`Fixtures/golden/rules`), so that a change
/// to the shipped rules does not change these files; a change of the output format does, and is
/// re-recorded on purpose only: `TAGRULES_RECORD_GOLDEN=1 swift test --filter GoldenOutputTests`
/// (never in CI), then the diff is read before it is committed.
@Suite(.serialized)
struct GoldenOutputTests {
    /// One command of the contract: its arguments (run in a scratch folder holding `library`,
    /// a copy of the demo library, `corpus`, a link to the shared corpus, and `rules`, the
    /// frozen rules) and the exit status it must end with.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var status: Int32
        var testDescription: String { name }
    }

    static let readOnly: [Case] = [
        Case(name: "inspect-demo-json", arguments: ["inspect", "library", "--format", "json"], status: 1),
        Case(name: "inspect-demo-text", arguments: ["inspect", "library"], status: 1),
        Case(name: "inspect-demo-markdown", arguments: ["inspect", "library", "--format", "markdown"], status: 1),
        Case(name: "plan-demo-json", arguments: ["plan", "library", "--rules", "rules", "--format", "json"], status: 1),
        Case(name: "plan-demo-text", arguments: ["plan", "library", "--rules", "rules"], status: 1),
        Case(name: "plan-demo-verbose", arguments: ["plan", "library", "--rules", "rules", "-v"], status: 1),
        Case(name: "plan-demo-markdown", arguments: ["plan", "library", "--rules", "rules", "--format", "markdown"], status: 1),
        Case(name: "plan-demo-html", arguments: ["plan", "library", "--rules", "rules", "--format", "html"], status: 1),
        Case(name: "inspect-corpus-json", arguments: ["inspect", "corpus", "--format", "json"], status: 1),
        Case(name: "plan-corpus-json", arguments: ["plan", "corpus", "--rules", "rules", "--format", "json"], status: 1),
        Case(name: "plan-corpus-text", arguments: ["plan", "corpus", "--rules", "rules", "-v"], status: 1),
    ]

    /// Commands that write, run one after the other on the same copy of the demo library.
    static let writing: [Case] = [
        Case(name: "apply-demo-json", arguments: ["apply", "library", "--rules", "rules", "--format", "json"], status: 1),
        Case(name: "apply-again-text", arguments: ["apply", "library", "--rules", "rules", "-v"], status: 1),
        Case(name: "set-dry-run-json", arguments: [
            "set", "library", "--dry-run", "--title", "Étude", "--add-tag", "golden", "--key", "fis-moll", "--format", "json",
        ], status: 1),
        Case(name: "undo-demo-json", arguments: ["undo", "library", "--format", "json"], status: 1),
        Case(name: "undo-again-text", arguments: ["undo", "library", "-v"], status: 1),
    ]

    @Test(arguments: readOnly)
    func readOnlyCommandsPrintTheGoldenOutput(_ command: Case) throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        try Self.check(command, in: scratch)
    }

    @Test func writingCommandsPrintTheGoldenOutput() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        for command in Self.writing { try Self.check(command, in: scratch) }
    }

    private static let folder = Fixtures.packageRoot.appendingPathComponent("Tests/TagrulesCLITests/Fixtures/golden")
    private static let recording = ProcessInfo.processInfo.environment["TAGRULES_RECORD_GOLDEN"] == "1"

    private static func scratch() throws -> Fixtures.Scratch {
        let scratch = try Fixtures.Scratch()
        try scratch.copyLibrary()
        try FileManager.default.createSymbolicLink(
            at: scratch.url.appendingPathComponent("corpus"), withDestinationURL: Fixtures.corpus)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("rules"), to: scratch.url.appendingPathComponent("rules"))
        return scratch
    }

    /// Runs `command` in `scratch` (one job, no colour) and compares standard output and standard
    /// error with `NAME.out` and `NAME.err`, or records them.
    private static func check(_ command: Case, in scratch: Fixtures.Scratch) throws {
        let result = try CLI.run(command.arguments + ["--jobs", "1"], in: scratch.url)
        let out = folder.appendingPathComponent(command.name + ".out")
        let err = folder.appendingPathComponent(command.name + ".err")
        if recording {
            try result.stdoutData.write(to: out)
            try Data(result.stderr.utf8).write(to: err)
        }
        #expect(result.status == command.status, "\(command.name): exit status; stderr: \(result.stderr)")
        let expectedOut = try Data(contentsOf: out)
        let expectedErr = try String(contentsOf: err, encoding: .utf8)
        #expect(result.stdoutData == expectedOut, "\(command.name): standard output differs from \(out.lastPathComponent)")
        #expect(result.stderr == expectedErr, "\(command.name): standard error differs from \(err.lastPathComponent)")
    }
}
