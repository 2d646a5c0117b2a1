import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import TagrulesKit

/// The event source on real folders (Linux inotify), and the rules reloader on a real rules
/// folder, in-process.
struct WatchSourceTests {
    #if os(Linux)
    /// Collects what a source delivers. A lock, because the test thread reads what the watch
    /// queue appends.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [WatchEvent] = []
        func append(_ events: [WatchEvent]) { lock.withLock { items += events } }
        var events: [WatchEvent] { lock.withLock { items } }
    }

    @Test func inotifyReportsFinishedFilesNewFoldersWritesAndRemovals() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let root = scratch.url.path
        let queue = DispatchQueue(label: "test.watch")
        let source = try InotifySource(queue: queue)
        let collected = Collected()
        source.start { collected.append($0) }
        #expect(queue.sync { source.watch(root) } == nil)

        // Created, written and closed in place, as a download writes.
        let descriptor = open(root + "/a.pdf", O_CREAT | O_WRONLY, 0o644)
        #expect(descriptor >= 0 && write(descriptor, "x", 1) == 1)
        close(descriptor)
        try Data("y".utf8).write(to: scratch.url.appendingPathComponent(".b.pdf.part"))
        #expect(rename(root + "/.b.pdf.part", root + "/b.pdf") == 0)
        try FileManager.default.createDirectory(atPath: root + "/new", withIntermediateDirectories: false)
        #expect(unlink(root + "/b.pdf") == 0)

        let expected: [WatchEvent] = [
            .written(root + "/a.pdf"), .finished(root + "/a.pdf"), .finished(root + "/b.pdf"), .folderAppeared(root + "/new"),
            .removed(root + "/b.pdf"),
        ]
        WatchProcess.eventually(timeout: 10) { Set(expected).isSubset(of: Set(collected.events)) }
        #expect(Set(expected).isSubset(of: Set(collected.events)), "\(collected.events)")
        #expect(collected.events.firstIndex(of: .written(root + "/a.pdf"))! < collected.events.firstIndex(of: .finished(root + "/a.pdf"))!)

        // A folder moved away loses its watch: nothing is reported from its old path.
        #expect(queue.sync { source.watch(root + "/new") } == nil)
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: false)
        #expect(rename(root + "/new", root + "/elsewhere/moved") == 0)
        try Data("z".utf8).write(to: URL(fileURLWithPath: root + "/elsewhere/moved/c.pdf"))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!collected.events.contains(.finished(root + "/new/c.pdf")), "stale path after a move")
        queue.sync { source.stop() }
    }

    @Test func lostEventsAskForARescan() throws {
        let source = try InotifySource(queue: DispatchQueue(label: "test.watch"))
        #expect(source.translate(InotifyEvent(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: "")) == .overflow)
        #expect(source.translate(InotifyEvent(watch: 12345, mask: UInt32(IN_CLOSE_WRITE), name: "a.pdf")) == nil, "unknown watch")
    }
    #endif

    @Test func rulesReloadOnlyWhenAFileChangedAndNeverToABrokenSet() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        func rule(_ name: String) -> String { "return { name = \"\(name)\", apply = function(score) end }\n" }
        let folder = try scratch.writeRules(["10-a.lua": rule("first")])
        var reloader = try RulesReloader(folders: [folder])
        #expect(reloader.transform.ruleSet.rules.map(\.name) == ["first"])
        guard case .unchanged = reloader.check() else { Issue.record("nothing changed"); return }

        try Data("swap".utf8).write(to: folder.appendingPathComponent(".10-a.lua.swp"))
        guard case .unchanged = reloader.check() else { Issue.record("an editor's hidden swap file is no change"); return }

        try rule("second").write(to: folder.appendingPathComponent("20-b.lua"), atomically: true, encoding: .utf8)
        guard case .reloaded(let reloaded) = reloader.check() else { Issue.record("a new rule file"); return }
        #expect(reloaded.ruleSet.rules.map(\.name) == ["first", "second"])

        try "return { name = \"broken\", apply = function(score) end\n".write(
            to: folder.appendingPathComponent("20-b.lua"), atomically: true, encoding: .utf8)
        guard case .rejected(let errors) = reloader.check() else { Issue.record("a syntax error"); return }
        #expect(errors.contains { $0.location.file == "20-b.lua" })
        #expect(reloader.transform.ruleSet.rules.map(\.name) == ["first", "second"], "the previous rules stay")
        guard case .unchanged = reloader.check() else { Issue.record("the error is reported once"); return }
    }

    /// Layered folders: a change in any of them reloads the set, which keeps their order; a
    /// file added to the second folder is seen as its own (`mine/…`).
    @Test func layeredRulesReloadWhenAnyFolderChanges() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        func rule(_ name: String) -> String { "return { name = \"\(name)\", apply = function(score) end }\n" }
        let shipped = try scratch.writeRules(["10-a.lua": rule("shipped")], folder: "shipped")
        let mine = try scratch.writeRules(["10-a.lua": rule("mine")], folder: "mine")
        var reloader = try RulesReloader(folders: [shipped, mine])
        #expect(reloader.transform.ruleSet.rules.map(\.name) == ["shipped", "mine"])
        #expect(reloader.contains(mine.appendingPathComponent("lib/x.lua").path))
        #expect(!reloader.contains(scratch.url.appendingPathComponent("other/x.lua").path))
        guard case .unchanged = reloader.check() else { Issue.record("nothing changed"); return }

        try rule("mine too").write(to: mine.appendingPathComponent("05-b.lua"), atomically: true, encoding: .utf8)
        guard case .reloaded(let reloaded) = reloader.check() else { Issue.record("a new rule file in the second folder"); return }
        #expect(reloaded.ruleSet.rules.map(\.name) == ["shipped", "mine too", "mine"])
        #expect(reloaded.ruleSet.rules.map(\.file) == ["shipped/10-a.lua", "mine/05-b.lua", "mine/10-a.lua"])
    }
}
