import Foundation
import MetadataModel
import Testing

@testable import RuleHost

/// Document facts left out of the inputs (`DeferredDocumentFacts`) are read only when a rule
/// asks for them, and then a rule sees exactly what it would have seen had they been given.
struct DeferredDocumentFactsTests {
    /// The paths read, in order, by a deferral whose facts are made from the path alone.
    ///
    /// `@unchecked Sendable`: `read` is only touched under `lock`.
    final class Reads: @unchecked Sendable {
        private let lock = NSLock()
        private var read: [String] = []

        /// The paths read so far.
        var paths: [String] { lock.withLock { read } }

        /// Facts made from the path: a page count for most paths, and two bookmarks.
        static func facts(_ path: String) -> DocumentFacts {
            let pages = path.utf8.count % 5 == 0 ? nil : path.utf8.count
            let toc = [
                Bookmark(title: "Start of \(path)", firstPage: 1, lastPage: 2),
                Bookmark(title: "End", firstPage: 3, lastPage: pages ?? 3),
            ]
            return DocumentFacts(pages: pages, toc: toc)
        }

        /// A deferral of `pages` and `toc` that records each read.
        func deferral(pages: Bool = true, toc: Bool = true) -> DeferredDocumentFacts {
            DeferredDocumentFacts(pages: pages, toc: toc) { [self] path in
                lock.withLock { read.append(path) }
                return Self.facts(path)
            }
        }
    }

    @Test func deferredPagesGiveTheSameTable() throws {
        let paths = ScoreFilePushTests.paths()
        var inputs: [ScoreInput] = []
        var expected: [FileFacts] = []
        for path in paths {
            let split = FileFacts(path: path)
            var changed = split
            changed.stem = split.stem  // stored as Strings: the table path, not the file view
            var known = split
            known.pages = Reads.facts(path).pages
            inputs += [ScoreInput(metadata: .init(), file: split), ScoreInput(metadata: .init(), file: changed)]
            expected += [known, known]
        }
        let reads = Reads()
        let results = try RuleFolder(["10-dump.lua": ruleFile("dump", ScoreFilePushTests.dump)])
            .run(inputs, deferred: reads.deferral())
        for ((input, result), file) in zip(zip(inputs, results), expected) {
            #expect(result.diagnostics.filter { $0.severity == .error } == [])
            #expect(ScoreFilePushTests.lines(result.after.title) == ScoreFilePushTests.expected(file), "\(input.file.path.debugDescription)")
        }
        // The dump asks for the page count several times per score: it is read once.
        #expect(reads.paths == inputs.map(\.file.path))
    }

    @Test func factsNoRuleAsksForAreNotRead() throws {
        let reads = Reads()
        let rules = try RuleFolder(["10-name.lua": ruleFile("name", "score.title = score.file.name .. score.file.folder")])
        let results = try rules.run([score("Scores/a.pdf"), score("b.pdf")], deferred: reads.deferral())
        #expect(results.map(\.after.title) == ["a.pdfScores", "b.pdf"])
        #expect(reads.paths == [])
    }

    @Test func aKeptFileViewReadsItsOwnScore() throws {
        let rules = try RuleFolder([
            "10-keep.lua": """
                local kept
                return {
                  name = "keep",
                  apply = function(score)
                    kept = kept or score.file
                    score.title = tostring(kept.pages) .. " " .. tostring(score.file.pages)
                  end,
                }
                """
        ])
        let reads = Reads()
        let inputs = ["first.pdf", "second one.pdf", "third.pdf"].map { ScoreInput(metadata: .init(), file: FileFacts(path: $0)) }
        let results = try rules.run(inputs, deferred: reads.deferral())
        let first = Reads.facts("first.pdf").pages.map(String.init) ?? "nil"
        #expect(results.map(\.after.title) == inputs.map { "\(first) \(Reads.facts($0.file.path).pages.map(String.init) ?? "nil")" })
    }

    @Test func deferredOutlineIsReadWhenAskedFor() throws {
        let rules = try RuleFolder([
            "10-toc.lua": ruleFile(
                "toc",
                "score.title = #score.toc .. ' ' .. tostring(score.toc[1] and score.toc[1].title) .. ' ' .. tostring(score.toc[2] and score.toc[2].last_page)"
            )
        ])
        let input = ScoreInput(metadata: .init(), file: FileFacts(path: "Scores/x.pdf", pages: 9), toc: [])
        let reads = Reads()
        let deferred = try #require(try rules.run([input], deferred: reads.deferral(pages: false, toc: true)).first)
        let toc = Reads.facts("Scores/x.pdf").toc
        #expect(deferred.after.title == "2 \(toc[0].title) \(toc[1].lastPage)")
        #expect(reads.paths == ["Scores/x.pdf"])
        // Nothing deferred: the input's own (empty) outline, and no read.
        let given = try #require(try rules.run([input], deferred: reads.deferral(pages: false, toc: false)).first)
        #expect(given.after.title == "0 nil nil")
        #expect(reads.paths == ["Scores/x.pdf"])
    }

    @Test func foldersNameTheFactsTheirLuaFilesMention() throws {
        let plain = try RuleFolder(["10-a.lua": ruleFile("a", "score.title = score.file.stem")])
        #expect(RuleSet.documentFactsNamed(inFolder: plain.url) == (pages: false, toc: false))
        // A module, at any depth, counts; so does a comment.
        try plain.write("lib/deep/pages.lua", "return { count = function(score) return score.file.pages end }")
        #expect(RuleSet.documentFactsNamed(inFolder: plain.url) == (pages: true, toc: false))
        try plain.write("20-b.lua", "-- reads score.toc later\n" + ruleFile("b", ""))
        #expect(RuleSet.documentFactsNamed(inFolder: plain.url) == (pages: true, toc: true))
        // Hidden files and folders, and files that are not Lua, do not count.
        let hidden = try RuleFolder([
            "10-a.lua": ruleFile("a", ""), ".old.lua": "pages toc", ".git/x.lua": "pages toc", "data/t.csv": "pages,toc",
        ])
        #expect(RuleSet.documentFactsNamed(inFolder: hidden.url) == (pages: false, toc: false))
        // A folder that cannot be read names both; so does a link to a folder, which is not followed.
        #expect(RuleSet.documentFactsNamed(inFolder: hidden.url.appendingPathComponent("missing")) == (pages: true, toc: true))
        try FileManager.default.createSymbolicLink(
            atPath: hidden.url.appendingPathComponent("linked").path, withDestinationPath: plain.url.path)
        #expect(RuleSet.documentFactsNamed(inFolder: hidden.url) == (pages: true, toc: true))
    }
}
