import Foundation

/// The inputs of the end-to-end tests — the shipped demo library and rules, the shared corpus —
/// and scratch folders holding copies of them (the originals are never touched).
enum Fixtures {
    /// The package root: three levels above `Tests/TagrulesCLITests/Support/`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `examples/library`, the demo library shipped with the package.
    static let library = packageRoot.appendingPathComponent("examples/library")

    /// `rules/`, the rules shipped with the package.
    static let rules = packageRoot.appendingPathComponent("rules")

    /// `../shared/corpus`, real-world PDFs.
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// The demo library's files, by role.
    enum Demo {
        static let chopin = "Chopin Nocturne Op.9 No.2 Es-Dur.pdf"
        static let bach = "Bach - Minuet in G major BWV Anh 114.pdf"
        static let greensleeves = "Greensleeves (Traditional) - E minor.pdf"
        static let imslp = "IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major.pdf"
        static let satie = "Satie - Gymnopédie No. 1 in D major.pdf"
        static let beethoven = "Beethoven_Ode_to_Joy_D.pdf"
        static let encrypted = "Mozart - Twinkle Variations K265 (encrypted).pdf"
        static let truncated = "Truncated download - Handel Sarabande.pdf"
        static let notPDF = "notes.pdf"
        /// The files the shipped rules change and tagrules writes.
        static let writable = [bach, beethoven, chopin, greensleeves, imslp, satie]
        /// The files that are reported and left untouched: damaged, not a PDF.
        static let refused = [truncated, notPDF]
    }

    /// A scratch folder, removed by `remove()`.
    struct Scratch {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("tagrules-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        /// A copy of the demo library at `library/` inside the scratch folder (writable files).
        @discardableResult
        func copyLibrary(only names: [String]? = nil) throws -> URL {
            let target = url.appendingPathComponent("library")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for name in try names ?? FileManager.default.contentsOfDirectory(atPath: Fixtures.library.path) {
                try copy(Fixtures.library.appendingPathComponent(name), to: target.appendingPathComponent(name))
            }
            return target
        }

        /// Copies of corpus files at `corpus/` inside the scratch folder.
        @discardableResult
        func copyCorpus(_ names: [String]) throws -> URL {
            let target = url.appendingPathComponent("corpus")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for name in names {
                try copy(Fixtures.corpus.appendingPathComponent(name), to: target.appendingPathComponent(name))
            }
            return target
        }

        /// Writes a rules folder with `files` (relative path → text) and returns it.
        func writeRules(_ files: [String: String], folder: String = "rules") throws -> URL {
            let target = url.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for (name, text) in files {
                let file = target.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
            return target
        }

        func remove() {
            try? FileManager.default.removeItem(at: url)
        }

        private func copy(_ source: URL, to target: URL) throws {
            try FileManager.default.copyItem(at: source, to: target)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        }
    }

    /// The bytes of every file in `folder`, by name, to prove files untouched or restored.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var bytes: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            bytes[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return bytes
    }
}
