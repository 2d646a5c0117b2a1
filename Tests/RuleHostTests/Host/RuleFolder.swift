import Foundation
import MetadataModel
@testable import RuleHost

/// A temporary rules folder for one test, removed when the value is released.
final class RuleFolder {
    let url: URL

    /// The temporary folder removed with this one: the folder itself, or its parent when named.
    private let scratch: URL

    /// Creates the folder with `files` (relative path → text); a `name` makes it a folder of
    /// that name inside a fresh temporary folder.
    init(_ files: [String: String], named name: String? = nil) throws {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("rulehost-tests-\(UUID().uuidString)", isDirectory: true)
        self.scratch = scratch
        url = name.map { scratch.appendingPathComponent($0, isDirectory: true) } ?? scratch
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    /// Writes `text` to `path` inside the folder, creating subfolders.
    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// Loads the folder's rules with small limits, so hostile rules fail fast.
    func ruleSet(limits: SandboxLimits = .testing) throws -> RuleSet {
        try RuleSet.load(folder: url, limits: limits)
    }

    /// Runs the folder's rules on `inputs` with one runner.
    func run(
        _ inputs: [ScoreInput], limits: SandboxLimits = .testing
    ) throws -> [ScoreResult] {
        let runner = try RuleRunner(ruleSet: try ruleSet(limits: limits))
        return inputs.map(runner.run)
    }
}

extension SandboxLimits {
    /// Limits small enough that budget and memory tests take milliseconds.
    static let testing = SandboxLimits(instructionsPerCall: 200_000, memoryPerState: 16 << 20)
}

/// A score input with a file path and optional metadata.
func score(_ path: String, _ metadata: ScoreMetadata = ScoreMetadata(), info: [String: String] = [:]) -> ScoreInput {
    ScoreInput(metadata: metadata, file: FileFacts(path: path, pages: 4), info: info)
}

/// A rule file returning one rule named `name` whose apply body is `body`.
func ruleFile(_ name: String, _ body: String) -> String {
    """
    return {
      name = "\(name)",
      apply = function(score)
        \(body)
      end,
    }
    """
}
