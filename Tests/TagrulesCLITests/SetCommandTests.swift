import Foundation
import Testing

/// `tagrules set`: direct edits, written as forScore reads them.
struct SetCommandTests {
    @Test func keyByNameWritesKeysfAndKeymi() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.chopin])
        let file = library.appendingPathComponent(Fixtures.Demo.chopin)

        let result = try CLI.run(
            ["set", "library/\(Fixtures.Demo.chopin)", "--key", "E-flat major", "--title", "Nocturne Op. 9 No. 2",
             "--composer", "Frédéric Chopin", "--genre", "Romantic", "--tag", "piano", "--duration", "4:30"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let fields = try #require(try PDFInfoOracle.fields(of: file))
        #expect(fields["Keywords"] == "piano, duration:270, keysf:-3, keymi:0")
        #expect(fields["Title"] == "Nocturne Op. 9 No. 2")
        #expect(fields["Author"] == "Frédéric Chopin")
        #expect(fields["Subject"] == "Romantic")
        #expect(result.stdout.contains("E♭ major"))
    }

    /// `--key` reads every spelling rules read, German and solfège too.
    @Test(arguments: [("Es-Dur", "E♭ major"), ("fis-moll", "F♯ minor"), ("ré mineur", "D minor"), ("Bb major", "B♭ major")])
    func keyInOtherSpellings(spelling: String, name: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let result = try CLI.run(["set", "library", "--key", spelling, "--dry-run"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("→ \(name)"), "\(result.stdout)")
    }

    @Test func addRemoveAndClear() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let file = library.appendingPathComponent(Fixtures.Demo.bach)

        let result = try CLI.run(
            ["set", "library", "--add-tag", "Baroque", "--add-tag", "PIANO", "--remove-tag", "Beginner", "--clear", "rating",
             "--duration-keyword", "seconds", "--duration", "95"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try PDFInfoOracle.fields(of: file)?["Keywords"] == "piano, Baroque, difficulty:2, seconds:95")
    }

    @Test func dryRunWritesNothing() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let before = try Fixtures.snapshot(library)
        let result = try CLI.run(["set", "library", "--rating", "1", "--dry-run", "--exit-code"], in: scratch.url)
        #expect(result.status == 2, "--exit-code: a change is pending")
        #expect(result.stdout.contains("rating"))
        #expect(result.stdout.contains("4 → 1"))
        #expect(try Fixtures.snapshot(library) == before)
    }

    @Test func commaInAComposerIsReported() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.beethoven])
        let result = try CLI.run(["set", "library", "--composer", "Beethoven, Ludwig van"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: composers:"))
        #expect(result.stderr.contains("[comma-in-value]"))
        #expect(try PDFInfoOracle.fields(of: library.appendingPathComponent(Fixtures.Demo.beethoven))?["Author"] == "Beethoven, Ludwig van")
    }
}
