import Foundation
import Testing
@testable import RuleHost

/// `RulesFolder.checkedURL`: which paths rules may read, decided with `lstat` and compared with
/// what `FileManager.attributesOfItem` (which it replaced) decides on the same entries.
struct RulesFolderCheckTests {
    static let fileBytes = 64

    /// The entries checked, and what each must give: a file's URL (its resolved path relative
    /// to the folder) or a piece of the error's message.
    static let expectations: [(path: String, outcome: String)] = [
        ("a.lua", "file a.lua"),
        ("sub/inner.lua", "file sub/inner.lua"),
        ("empty.csv", "file empty.csv"),
        ("exact.csv", "file exact.csv"),
        ("big.csv", "'big.csv' is larger than 64 bytes"),
        ("sub", "no file 'sub' in the rules folder"),
        ("missing.lua", "no file 'missing.lua' in the rules folder"),
        ("dangling.lua", "no file 'dangling.lua' in the rules folder"),
        ("link.lua", "file a.lua"),
        ("escape.lua", "'escape.lua' leads outside the rules folder"),
        ("pipe", "no file 'pipe' in the rules folder"),
    ]

    @Test func typeAndSizeDecideAsFileManagerDid() throws {
        let folder = try RuleFolder([
            "a.lua": "return {}\n",
            "sub/inner.lua": "return {}\n",
            "empty.csv": "",
            "exact.csv": String(repeating: "x", count: Self.fileBytes),
            "big.csv": String(repeating: "x", count: Self.fileBytes + 1),
        ])
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("rulehost-outside-\(UUID().uuidString).lua")
        try "return {}\n".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.url.appendingPathComponent("dangling.lua").path, withDestinationPath: "nowhere.lua")
        try manager.createSymbolicLink(atPath: folder.url.appendingPathComponent("link.lua").path, withDestinationPath: "a.lua")
        try manager.createSymbolicLink(atPath: folder.url.appendingPathComponent("escape.lua").path, withDestinationPath: outside.path)
        try #require(mkfifo(folder.url.appendingPathComponent("pipe").path, 0o600) == 0)

        let rules = try RulesFolder(url: folder.url, fileBytes: Self.fileBytes)
        for (path, expected) in Self.expectations {
            let outcome = Self.describe { () throws(RuleError) in try rules.checkedURL(path) }
            let oracle = Self.describe { () throws(RuleError) in try Self.attributesCheck(rules, path) }
            #expect(outcome == oracle, "\(path)")
            if expected.hasPrefix("file ") {
                #expect(outcome == rules.url.appendingPathComponent(String(expected.dropFirst(5))).path, "\(path)")
            } else {
                #expect(outcome == "io: \(expected) [\(path)]", "\(path)")
            }
        }
    }

    /// The resolved path, or the error's code, message and file.
    private static func describe(_ check: () throws(RuleError) -> URL) -> String {
        do {
            return try check().path
        } catch {
            return "\(error.code.rawValue): \(error.message) [\(error.file ?? "")]"
        }
    }

    /// `checkedURL` as it was, with `FileManager.attributesOfItem`: the oracle.
    private static func attributesCheck(_ rules: RulesFolder, _ relativePath: String) throws(RuleError) -> URL {
        let file = rules.url.appendingPathComponent(relativePath).resolvingSymlinksInPath()
        guard file.path.hasPrefix(rules.url.path + "/") else {
            throw RuleError(.io, "'\(relativePath)' leads outside the rules folder", file: relativePath)
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        guard let attributes, attributes[.type] as? FileAttributeType == .typeRegular else {
            throw RuleError(.io, "no file '\(relativePath)' in the rules folder", file: relativePath)
        }
        if let size = attributes[.size] as? Int, size > rules.fileBytes {
            throw RuleError(.io, "'\(relativePath)' is larger than \(rules.fileBytes) bytes", file: relativePath)
        }
        return file
    }
}
