import Foundation
import Testing

/// Issue 28, "Review and correct before writing", from the built binary: `edit` and
/// `apply --interactive`, the questions answered through a pseudo-terminal; what ends up in the
/// files read back with poppler's pdfinfo.
struct ReviewTests {
    /// A scratch folder with Bach, Beethoven and Chopin from the demo library.
    private static func library() throws -> Fixtures.Scratch {
        let scratch = try Fixtures.Scratch()
        try scratch.copyLibrary(only: [Fixtures.Demo.bach, Fixtures.Demo.beethoven, Fixtures.Demo.chopin])
        return scratch
    }

    /// An editor: a Python script that runs `body` with `text` holding the sheet (and `path`
    /// its path), then saves `text`. Each run appends a line to `runs` beside it.
    private static func editor(_ body: String, in scratch: Fixtures.Scratch) throws -> [String: String] {
        let script = scratch.url.appendingPathComponent("editor.py")
        try """
            import sys, re
            path = sys.argv[1]
            text = open(path, encoding="utf-8").read()
            open(sys.argv[0] + ".runs", "a").write(text + "\\n=====\\n")
            \(body)
            open(path, "w", encoding="utf-8").write(text)
            """.write(to: script, atomically: true, encoding: .utf8)
        return ["EDITOR": "python3 \(script.path)", "VISUAL": ""]
    }

    /// The sheets the editor was opened on, in order.
    private static func sheets(_ scratch: Fixtures.Scratch) throws -> [String] {
        let runs = scratch.url.appendingPathComponent("editor.py.runs")
        guard FileManager.default.fileExists(atPath: runs.path) else { return [] }
        return try String(contentsOf: runs, encoding: .utf8).components(separatedBy: "\n=====\n").dropLast()
    }

    private static func keywords(_ scratch: Fixtures.Scratch, _ name: String) throws -> String? {
        try PDFInfoOracle.fields(of: scratch.url.appendingPathComponent("library/\(name)"))?["Keywords"]
    }

    // MARK: apply --interactive

    @Test func interactiveApplyWritesWhatIsApprovedOnly() throws {
        let scratch = try Self.library()
        defer { scratch.remove() }
        let before = try Fixtures.snapshot(scratch.url.appendingPathComponent("library"))
        let result = try PTY.run(
            ["apply", "library", "--rules", "builtin", "--interactive"],
            steps: [
                .expect(#"\(1/3\) library/Bach.*\n(  (composers|genres) .*\n)*  key +— → G major +\(key from title\)\n.*\[y\]es / \[n\]o / \[e\]dit / \[a\]ll / \[q\]uit: "#),
                .send("y\n"),
                .expect(#"\(2/3\) library/Beethoven.*\n(.*\n)*.*\[q\]uit: "#), .send("maybe\n"),  // not an answer: asked again
                .expect(#"\[q\]uit: "#), .send("n\n"),
                .expect(#"\(3/3\) library/Chopin.*\n(.*\n)*.*\[q\]uit: "#), .send("q\n"),
            ], in: scratch.url)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("2 changes declined: not written"))
        #expect(result.stdout.contains("1 file: 1 written"), "\(result.stdout)")
        #expect(try Self.keywords(scratch, Fixtures.Demo.bach)?.contains("keysf:1, keymi:0") == true)
        let after = try Fixtures.snapshot(scratch.url.appendingPathComponent("library"))
        #expect(after[Fixtures.Demo.beethoven] == before[Fixtures.Demo.beethoven], "declined: untouched")
        #expect(after[Fixtures.Demo.chopin] == before[Fixtures.Demo.chopin], "quit before: untouched")
    }

    @Test func interactiveApplyAllWritesTheRest() throws {
        let scratch = try Self.library()
        defer { scratch.remove() }
        let result = try PTY.run(
            ["apply", "library", "-r", "builtin", "-i", "--format", "json", "-o", "report.json"],
            steps: [.expect(#"\(1/3\).*\n(.*\n)*.*\[q\]uit: "#), .send("n\n"), .expect(#"\(2/3\).*\n(.*\n)*.*\[q\]uit: "#), .send("a\n")],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("(3/3)"), "after [a]ll nothing more is asked")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, try Data(contentsOf: scratch.url.appendingPathComponent("report.json")))
        #expect(report.files.map(\.path) == ["library/\(Fixtures.Demo.beethoven)", "library/\(Fixtures.Demo.chopin)"])
        #expect(report.summary.written == 2)
        #expect(try Self.keywords(scratch, Fixtures.Demo.chopin)?.contains("keysf:-3, keymi:0") == true)
    }

    /// `[e]dit` opens the score's values after the rules; the result is shown and asked about
    /// again, and what is written is the edited value, credited to `edit`.
    @Test func interactiveEditChangesWhatIsWritten() throws {
        let scratch = try Self.library()
        defer { scratch.remove() }
        let environment = try Self.editor(#"text = text.replace("key: G major", "key: E minor").replace("tags: piano, beginner", "tags: piano")"#, in: scratch)
        let result = try PTY.run(
            ["apply", "library/\(Fixtures.Demo.bach)", "-r", "builtin", "-i"],
            steps: [
                .expect(#"\[q\]uit: "#), .send("e\n"),
                .expect(#"\(1/1\).*\n(  (composers|genres) .*\n)*  tags +piano, beginner → piano +\(edit\)\n  key +— → E minor +\(edit\)\n.*\[q\]uit: "#), .send("y\n"),
            ], in: scratch.url, environment: environment)
        #expect(result.status == 0, "\(result.stdout)")
        let sheet = try #require(try Self.sheets(scratch).first)
        #expect(sheet.contains("\nfile: library/\(Fixtures.Demo.bach)\ntitle: Minuet in G\n"), "\(sheet)")
        #expect(sheet.contains("\nkey: G major\n"), "the sheet shows the value after the rules")
        let keywords = try #require(try Self.keywords(scratch, Fixtures.Demo.bach))
        #expect(keywords.contains("keysf:1, keymi:1"), "\(keywords)")
        #expect(!keywords.contains("beginner"))
    }

    @Test func interactiveNeedsATerminal() throws {
        let scratch = try Self.library()
        defer { scratch.remove() }
        let before = try Fixtures.snapshot(scratch.url.appendingPathComponent("library"))
        let result = try CLI.run(["apply", "library", "-r", "builtin", "--interactive"], in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--interactive asks on the terminal, but standard input is not one"))
        #expect(try Fixtures.snapshot(scratch.url.appendingPathComponent("library")) == before)
    }

    // MARK: edit

    /// The sheet holds one block per score with the file path as the key and a header saying
    /// how to edit; the changes are shown, confirmed on the terminal, and written.
    @Test func editShowsTheDiffAndWritesOnConfirmation() throws {
        let scratch = try Self.library()
        defer { scratch.remove() }
        let environment = try Self.editor(#"""
            text = text.replace("rating: 4", "rating: 2").replace("title: Ode to Joy", "title: Ode an die Freude")
            text = re.sub(r"(file: library/Chopin[^\n]*\n(?:[^\n]+\n)*?key:)[^\n]*", r"\1 Es-Dur", text)
            """#, in: scratch)
        let result = try PTY.run(
            ["edit", "library"],
            steps: [.expect(#"Write the changes to 3 files\? \[y/N\] "#), .send("y\n")], in: scratch.url, environment: environment)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("  rating      4 → 2  (edit)"), "\(result.stdout)")
        #expect(result.stdout.contains("  title       \"Ode to Joy\" → \"Ode an die Freude\"  (edit)"))
        #expect(result.stdout.contains("3 files: 3 written"))
        let sheet = try #require(try Self.sheets(scratch).first)
        #expect(sheet.hasPrefix("# tagrules edit: 3 scores."))
        #expect(sheet.contains("# - Delete a score's block to leave that score alone; delete them all to cancel."))
        #expect(sheet.contains("\nfile: library/\(Fixtures.Demo.bach)\ntitle: Minuet in G\ncomposers:\ngenres:\ntags: piano, beginner\nrating: 4\n"))
        #expect(sheet.contains("\nfile: library/\(Fixtures.Demo.beethoven)\ntitle: Ode to Joy\ncomposers: Ludwig van Beethoven\ngenres:\ntags:\nrating:\ndifficulty:\nduration:\nkey:\n"), "\(sheet)")

        let library = scratch.url.appendingPathComponent("library")
        #expect(try PDFInfoOracle.fields(of: library.appendingPathComponent(Fixtures.Demo.beethoven))?["Title"] == "Ode an die Freude")
        #expect(try Self.keywords(scratch, Fixtures.Demo.bach)?.contains("rating:2") == true)
        #expect(try Self.keywords(scratch, Fixtures.Demo.chopin)?.contains("keysf:-3, keymi:0") == true)
        let undo = try CLI.run(["undo", "library"], in: scratch.url)
        #expect(undo.status == 0, "written as apply writes: undo takes it back")
    }

    @Test func editDeclinedWritesNothing() throws {
        let scratch = try Self.library()
        defer { scratch.remove() }
        let before = try Fixtures.snapshot(scratch.url.appendingPathComponent("library"))
        let environment = try Self.editor(#"text = text.replace("rating: 4", "rating: 1")"#, in: scratch)
        let result = try PTY.run(
            ["edit", "library"], steps: [.expect(#"\[y/N\] "#), .send("\n")], in: scratch.url, environment: environment)
        #expect(result.status == 1)
        #expect(result.stdout.contains("not confirmed: nothing written"))
        #expect(try Fixtures.snapshot(scratch.url.appendingPathComponent("library")) == before)
    }

    /// A sheet that cannot be read is reported with its line and opened again; nothing is
    /// written until it can be. Saved unchanged (still unreadable), the edit ends.
    @Test func anUnreadableSheetIsReopened() throws {
        let scratch = try Self.library()
        defer { scratch.remove() }
        let environment = try Self.editor(#"""
            runs = open(sys.argv[0] + ".runs").read().count("=====")
            if runs == 1: text = text.replace("rating: 4", "rating: 9")
            if runs == 2: text = text.replace("rating: 9", "rating: 5")
            """#, in: scratch)
        let result = try CLI.run(["edit", "library", "--yes"], in: scratch.url, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(".txt:15: error: rating: '9' is not a whole number from 0 to 5 [edit-sheet]"), "\(result.stderr)")
        #expect(result.stderr.contains("the sheet is opened again"))
        let sheets = try Self.sheets(scratch)
        #expect(sheets.count == 2)
        #expect(sheets[1].contains("rating: 9"), "reopened as it was saved")
        #expect(try Self.keywords(scratch, Fixtures.Demo.bach)?.contains("rating:5") == true)

        let stubborn = try Self.editor(#"text = text.replace("rating: 5", "rating: lots")"#, in: scratch)
        let before = try Fixtures.snapshot(scratch.url.appendingPathComponent("library"))
        let gaveUp = try CLI.run(["edit", "library", "--yes"], in: scratch.url, environment: stubborn)
        #expect(gaveUp.status == 1)
        #expect(gaveUp.stderr.contains("the edit sheet still cannot be read (line 15); nothing written"), "\(gaveUp.stderr)")
        #expect(try Fixtures.snapshot(scratch.url.appendingPathComponent("library")) == before)
    }

    /// With `--rules`, the sheet shows the values after the rules: a block left as it is writes
    /// the rules' changes, a deleted block leaves its score alone; deleting every block cancels.
    @Test func editAfterTheRules() throws {
        let scratch = try Self.library()
        defer { scratch.remove() }
        let before = try Fixtures.snapshot(scratch.url.appendingPathComponent("library"))
        let environment = try Self.editor(
            #"text = re.sub(r"\nfile: library/Chopin[^\n]*\n(?:[^\n]+\n)*", "\n", text)"#, in: scratch)
        let result = try CLI.run(["edit", "library", "--rules", "builtin", "--yes", "--format", "json"], in: scratch.url, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try #require(try Self.sheets(scratch).first)
        #expect(sheet.contains("\nfile: library/\(Fixtures.Demo.beethoven)\ntitle: Ode to Joy\ncomposers: Ludwig van Beethoven\ngenres: Classical\n"), "\(sheet)")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        #expect(report.files.map(\.path) == ["library/\(Fixtures.Demo.bach)", "library/\(Fixtures.Demo.beethoven)"])
        #expect(report.files[1].changes.map(\.rules).contains(["genre from composer"]), "credited to the rule")
        #expect(try Fixtures.snapshot(scratch.url.appendingPathComponent("library"))[Fixtures.Demo.chopin] == before[Fixtures.Demo.chopin])

        let cancel = try Self.editor(##"text = "# nothing\n""##, in: scratch)
        let cancelled = try CLI.run(["edit", "library", "--yes"], in: scratch.url, environment: cancel)
        #expect(cancelled.status == 0)
        #expect(cancelled.stderr.contains("no score left in the sheet: nothing written"))
    }

    /// Off a terminal, `edit` needs `--yes`, and says so before opening the editor.
    @Test func editOffATerminalNeedsYes() throws {
        let scratch = try Self.library()
        defer { scratch.remove() }
        let environment = try Self.editor("", in: scratch)
        let result = try CLI.run(["edit", "library"], in: scratch.url, environment: environment)
        #expect(result.status == 64)
        #expect(result.stderr.contains("add --yes"))
        #expect(try Self.sheets(scratch).isEmpty, "the editor was not opened")
    }

    // MARK: set --title on several files

    @Test func oneTitleForSeveralFilesIsConfirmed() throws {
        let scratch = try Self.library()
        defer { scratch.remove() }
        let before = try Fixtures.snapshot(scratch.url.appendingPathComponent("library"))
        let refused = try CLI.run(["set", "library", "--title", "Same"], in: scratch.url)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--title would give 3 files the same title; add --yes to do so, or name one file"))
        let declined = try PTY.run(
            ["set", "library", "--title", "Same"], steps: [.expect(#"Give all 3 files the title "Same"\? \[y/N\] "#), .send("n\n")],
            in: scratch.url)
        #expect(declined.status == 1)
        #expect(try Fixtures.snapshot(scratch.url.appendingPathComponent("library")) == before)

        let confirmed = try PTY.run(
            ["set", "library", "--title", "Same"], steps: [.expect(#"\[y/N\] "#), .send("y\n")], in: scratch.url)
        #expect(confirmed.status == 0, "\(confirmed.stdout)")
        #expect(confirmed.stdout.contains("3 files: 3 written"))
        #expect(try CLI.run(["set", "library", "--title", "Other", "--yes"], in: scratch.url).status == 0)
        #expect(try CLI.run(["set", "library/\(Fixtures.Demo.bach)", "--title", "One"], in: scratch.url).status == 0)
        #expect(try CLI.run(["set", "library", "--add-tag", "many"], in: scratch.url).status == 0, "other fields are not asked about")
    }
}
