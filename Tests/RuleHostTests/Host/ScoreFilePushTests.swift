import Foundation
import TestSupport
import Testing

@testable import RuleHost

/// `score.file` is a read-only table of the five facts: each field reads as the facts say, by
/// name and by `pairs`, and cannot be changed.
struct ScoreFilePushTests {
    /// Some fields of `score.file` read one by one,
    /// then every field by `pairs`, one per line (in Lua's order), then fields read again and
    /// what the view is.
    static let dump = #"""
        local f = score.file
        local direct = table.concat({ tostring(f.stem), tostring(f.name), tostring(f.stem), tostring(f.nope), tostring(f[1]), tostring(f.pages) }, "|")
        local lines = {}
        for k, v in pairs(f) do lines[#lines + 1] = k .. "=" .. tostring(v) end
        local again = table.concat({ f.path, f.folder, f.name }, "|")
        local ok, message = pcall(function() f.name = "x" end)
        local kind = tostring(getmetatable(f)) .. " " .. tostring(f):match("^[^:]*") .. " " .. #f .. " " .. type(f)
        score.title = table.concat(lines, "\n") .. "\n#\n" .. direct .. "\n" .. again .. "\n" .. kind .. " " .. tostring(ok) .. " " .. message
        """#

    /// What `dump` gives for `file`, the lines of `pairs` sorted.
    static func expected(_ file: FileFacts) -> [String] {
        var lines = ["path=\(file.path)", "name=\(file.name)", "stem=\(file.stem)", "folder=\(file.folder)"]
        if let pages = file.pages { lines.append("pages=\(pages)") }
        let pages = file.pages.map(String.init) ?? "nil"
        return lines.sorted() + [
            "#", "\(file.stem)|\(file.name)|\(file.stem)|nil|nil|\(pages)", "\(file.path)|\(file.folder)|\(file.name)",
            "read-only tagrules.readonly 0 userdata false 10-dump.lua:9: score.file.name is read-only",
        ]
    }

    /// The lines of a dumped title, those of `pairs` (before "#") sorted: Lua's order is the
    /// hash's. Split by Character, so a "\r\n" in a path stays in its line.
    static func lines(_ title: String?) -> [String] {
        let lines = (title ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let mark = lines.firstIndex(of: "#") else { return lines }
        return lines[..<mark].sorted() + lines[mark...]
    }

    static func paths() -> [String] {
        var paths = [
            "Scores/Chopin - Nocturne.pdf", "Chopin.pdf", "/tmp/lib2k/00001-Beethoven_Ode_to_Joy_D.pdf", ".hidden",
            "a/.hidden", "a/b.c/d", "a/b/", "/", "", "noext", "x.tar.gz", "Scores/Gymnopédie No. 1.pdf", "é/ü.ö",
            "./a.", "a/.", "..", "dir/..pdf", "a/\u{301}b.pdf", "/\u{301}", "x\u{600}/y.z", "a/b\u{600}.c",
            String(repeating: "long folder name/", count: 40) + String(repeating: "and a long name ", count: 20) + ".pdf",
        ]
        let pieces = ["a", "B", "/", ".", "é", "-", " ", "pdf", "♭", "\u{301}", "//", "..", "\u{600}", "\r\n", "0123456789abcdefghij"]
        var random = SplitMix64(seed: 0x5363_6F72)
        for _ in 0..<200 {
            paths.append((0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        return paths
    }

    @Test func scoreFileHoldsTheFacts() throws {
        let inputs = Self.paths().enumerated().map { index, path in
            ScoreInput(metadata: .init(), file: FileFacts(path: path, pages: index % 3 == 0 ? nil : index))
        }
        let results = try RuleFolder(["10-dump.lua": ruleFile("dump", Self.dump)]).run(inputs)
        for (input, result) in zip(inputs, results) {
            // The title has line breaks: a warning, not an error.
            #expect(result.diagnostics.filter { $0.severity == .error } == [])
            #expect(Self.lines(result.after.title) == Self.expected(input.file), "\(input.file.path.debugDescription)")
        }
    }

    @Test func factsCodeAsTheirFiveFields() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let noPages = try encoder.encode(FileFacts(path: "a/b.pdf"))
        #expect(String(decoding: noPages, as: UTF8.self) == #"{"folder":"a","name":"b.pdf","path":"a\/b.pdf","stem":"b"}"#)
    }
}
