import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Rule hot-reload, `--move-to`, `--new-only`, `--poll`: part of the serialized watch suite.
extension WatchEndToEndTests {
    private func rule(tag: String) -> String {
        """
        return {
          name = "tag \(tag)",
          apply = function(score) score.tags:add("\(tag)") end,
        }
        """
    }

    @Test func editedRulesApplyToTheNextFilesAndABrokenEditKeepsThePreviousRules() throws {
        let setup = try Setup(rule: rule(tag: "first"))
        defer { setup.scratch.remove() }
        let watcher = try setup.watch()
        let ruleFile = setup.rules.appendingPathComponent("10-watched.lua")

        try TinyPDF.make(title: "One").write(to: setup.inbox.appendingPathComponent("one.pdf"))
        #expect(WatchProcess.eventually(timeout: 20) { watcher.records(named: "one.pdf").count == 1 })
        #expect(watcher.records(named: "one.pdf").first?.after?.tags == ["first"])

        try rule(tag: "second").write(to: ruleFile, atomically: true, encoding: .utf8)
        #expect(WatchProcess.eventually(timeout: 20) { watcher.stderr.contains("rules reloaded") })
        try TinyPDF.make(title: "Two").write(to: setup.inbox.appendingPathComponent("two.pdf"))
        #expect(WatchProcess.eventually(timeout: 20) { watcher.records(named: "two.pdf").count == 1 })
        #expect(watcher.records(named: "two.pdf").first?.after?.tags == ["second"], "the new rule")

        // Saved in place (not by rename), with a syntax error on line 3.
        try "return {\n  name = \"broken\",\n  apply = function(score) score.tags:add( end,\n}\n"
            .write(to: ruleFile, atomically: false, encoding: .utf8)
        #expect(WatchProcess.eventually(timeout: 20) { watcher.stderr.contains("previous rules stay in force") })
        #expect(watcher.stderr.contains("10-watched.lua:3"), "the error names file:line: \(watcher.stderr)")
        try TinyPDF.make(title: "Three").write(to: setup.inbox.appendingPathComponent("three.pdf"))
        #expect(WatchProcess.eventually(timeout: 20) { watcher.records(named: "three.pdf").count == 1 })
        #expect(watcher.records(named: "three.pdf").first?.after?.tags == ["second"], "the previous rules")
        #expect(watcher.stop() == 0)
    }

    @Test func processedFilesMoveToTheOutboxWithoutOverwriting() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let outbox = setup.scratch.url.appendingPathComponent("outbox")
        try FileManager.default.createDirectory(at: outbox.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("taken".utf8).write(to: outbox.appendingPathComponent("sub/Score.pdf"))
        let watcher = try setup.watch(["--move-to", "outbox"])

        try FileManager.default.createDirectory(at: setup.inbox.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try TinyPDF.make(title: "Score").write(to: setup.inbox.appendingPathComponent("sub/Score.pdf"))
        try Data("not a pdf\n%%EOF\n".utf8).write(to: setup.inbox.appendingPathComponent("broken.pdf"))
        #expect(WatchProcess.eventually(timeout: 20) { watcher.records.count == 2 })

        let moved = try #require(watcher.records(named: "Score.pdf").first)
        #expect(moved.status == "written")
        #expect(moved.moved == "outbox/sub/Score (2).pdf")
        #expect(try Data(contentsOf: outbox.appendingPathComponent("sub/Score.pdf")) == Data("taken".utf8), "never overwritten")
        #expect(TinyPDF.revisions(at: outbox.appendingPathComponent("sub/Score (2).pdf")) == 2)
        #expect(!FileManager.default.fileExists(atPath: setup.inbox.appendingPathComponent("sub/Score.pdf").path))
        let failed = try #require(watcher.records(named: "broken.pdf").first)
        #expect(failed.status == "error" && failed.moved == nil, "failed files stay")
        #expect(FileManager.default.fileExists(atPath: setup.inbox.appendingPathComponent("broken.pdf").path))
        #expect(watcher.stop() == 0)
        #expect(watcher.records.count == 2, "a failed file is reported once, not retried until it changes")
    }

    @Test func filesThereAtStartAreTaggedUnlessNewOnly() throws {
        for newOnly in [false, true] {
            let setup = try Setup()
            defer { setup.scratch.remove() }
            let existing = setup.inbox.appendingPathComponent("existing.pdf")
            try TinyPDF.make(title: "Existing").write(to: existing)
            let watcher = try setup.watch(newOnly ? ["--new-only"] : [])
            try TinyPDF.make(title: "Arrived").write(to: setup.inbox.appendingPathComponent("arrived.pdf"))

            #expect(WatchProcess.eventually(timeout: 20) { watcher.records(named: "arrived.pdf").count == 1 })
            Thread.sleep(forTimeInterval: 0.5)
            #expect(watcher.records(named: "existing.pdf").count == (newOnly ? 0 : 1))
            #expect(TinyPDF.revisions(at: existing) == (newOnly ? 1 : 2))
            #expect(watcher.stop() == 0)
        }
    }

    @Test func temporaryFilesOfKilledRunsAreRemovedAndOwnOnesNeverProcessed() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let stale = setup.inbox.appendingPathComponent(".tagrules-Old.pdf-\(getpid())-42.tmp")
        try TinyPDF.make(title: "Old").write(to: stale)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: stale.path)
        let watcher = try setup.watch()
        #expect(!FileManager.default.fileExists(atPath: stale.path), "two hours old: left by a killed run")
        #expect(watcher.stderr.contains("removed a temporary file an interrupted run left behind"))

        let fresh = setup.inbox.appendingPathComponent(".tagrules-New.pdf-\(getpid())-43.tmp")
        try TinyPDF.make(title: "New").write(to: fresh)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(watcher.records.isEmpty && TinyPDF.revisions(at: fresh) == 1, "a writer's temporary file is never tagged")
        #expect(watcher.stop() == 0)
    }

    @Test(arguments: [
        ["missing"], ["inbox", "--debounce", "-5"], ["inbox", "--poll", "0"], ["inbox", "--format", "html"],
        ["inbox", "--move-to", "inbox/"], ["inbox", "--jobs", "0"], ["inbox", "--rescan-interval", "0"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let result = try CLI.run(["watch"] + arguments + ["--rules", "rules"], in: setup.scratch.url)
        #expect(result.status == 64, "\(result.stderr)")
    }

    @Test func rulesWithErrorsAtStartStopWatchWithStatus1() throws {
        let setup = try Setup(rule: "return { name = \"broken\", apply = function(score) end\n")
        defer { setup.scratch.remove() }
        let result = try CLI.run(["watch", "inbox", "--rules", "rules"], in: setup.scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("10-watched.lua") && result.stderr.contains("fix them and start again"), "\(result.stderr)")
    }

    @Test func pollingFindsFilesWithoutEvents() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let watcher = try setup.watch(["--poll", "0.5"])
        #expect(watcher.stderr.contains("polling every 0.5 s"))
        let target = setup.inbox.appendingPathComponent("polled.pdf")
        try TinyPDF.make(title: "Polled").write(to: target)
        #expect(WatchProcess.eventually(timeout: 20) { watcher.records(named: "polled.pdf").count == 1 })
        Thread.sleep(forTimeInterval: 1.5)
        #expect(watcher.records(named: "polled.pdf").count == 1, "its own write is not seen as a change")
        #expect(TinyPDF.revisions(at: target) == 2)
        #expect(watcher.stop(signal: SIGINT) == 0)
    }
}
