import Foundation
import Testing
@testable import PDFInfoFuzz

/// Inputs the fuzzer found (scripts/fuzz.sh), replayed through the fuzz target that found them.
///
/// Each file under `Fixtures/fuzz-regressions/<target>/` runs in a child process (an exit test),
/// so an input that traps fails its own case instead of ending the test run; an alarm turns a
/// hang into a failure too. A failing case shows only the signal; `swift run PDFInfoFuzz <target>
/// <file>` prints the trap's message.
struct FuzzRegressionTests {
    static let folder = Tools.packageRoot.appendingPathComponent("Tests/PDFInfoTests/Fixtures/fuzz-regressions")

    /// Inputs that still trap, hang or break a checked property, with the reason, until the
    /// library is fixed; keyed like ``inputs``. Fixing one makes its known issue fail: remove it then.
    static let knownIssues: [String: Comment] = [:]

    /// Seconds a replay may take before it counts as a hang. Generous: a debug build on a busy
    /// machine; the fuzzer's own limit (release) is 5 s.
    static let hangSeconds: UInt32 = 20

    /// Every regression input as `target/file`, sorted.
    static let inputs: [String] = {
        let manager = FileManager.default
        let targets = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        return targets.flatMap { target in
            let files = (try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path)) ?? []
            return files.filter { !$0.hasPrefix(".") }.map { "\(target)/\($0)" }
        }.sorted()
    }()

    @Test func everyFolderNamesATarget() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }
        #expect(!names.isEmpty)
        for name in names {
            #expect(FuzzTarget(rawValue: name) != nil, "fuzz-regressions/\(name) is not one of \(FuzzTarget.names)")
        }
    }

    @Test func everyKnownIssueIsAnInput() {
        for input in Self.knownIssues.keys {
            #expect(Self.inputs.contains(input), "known issue \(input) has no file")
        }
    }

    @Test(arguments: inputs)
    func replaysWithoutTrapping(_ input: String) async throws {
        let target = try #require(input.split(separator: "/").first.map(String.init))
        try #require(FuzzTarget(rawValue: target) != nil)
        let path = Self.folder.appendingPathComponent(input).path
        if let reason = Self.knownIssues[input] {
            await withKnownIssue(reason) { await Self.replay(target: target, path: path) }
        } else {
            await Self.replay(target: target, path: path)
        }
    }

    /// Runs `FuzzTarget.run` on the file in a child process that must exit normally.
    static func replay(target: String, path: String) async {
        await #expect(processExitsWith: .success, "\(target) \(path)") { [target, path] in
            alarm(FuzzRegressionTests.hangSeconds)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            FuzzTarget(rawValue: target)?.run(bytes)
        }
    }
}
