import Foundation
import Testing
@testable import PDFInfo

/// Writes non-ASCII values into a copy of every writable corpus file and checks the result
/// with independent readers: qpdf --check, pdfinfo, exiftool and pikepdf (issue 2, "Done when").
struct CorpusWriteTests {
    static let values: [String: String] = [
        "Title": "Nocturne in E♭ major",
        "Author": "Frédéric Chopin, Antonín Dvořák",
        "Subject": "Romantic, 测试",
        "Keywords": "piano, rating:4, keysf:-3, keymi:0",
    ]
    static let changes: [String: String?] = values.mapValues { $0 }

    private struct Written {
        var name: String
        var original: String
        var copy: String
        var originalBytes: Data
        var encrypted: Bool
    }

    @Test func writesEveryWritableCorpusFile() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let readings = try Corpus.readings.get()
        var written: [Written] = []
        for name in Corpus.files {
            let original = Corpus.path(name)
            guard let oracle = readings[original], oracle.ok, !oracle.needs_password else { continue }
            let copy = folder.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: original, toPath: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy)
            let document = try PDFDocument.open(path: copy)
            do {
                let update = try #require(try IncrementalUpdateWriter.prepare(
                    document: document, changes: Self.changes, now: PDFDate(secondsSince1970: 1_790_000_000), newFileID: [UInt8](repeating: 7, count: 16)))
                try SafeFileWriter.append(update, to: copy)
                written.append(Written(name: name, original: original, copy: copy, originalBytes: try Data(contentsOf: URL(fileURLWithPath: original)), encrypted: oracle.encrypted))
            } catch let error as PDFError {
                // Only damaged, signed, certified files, or encrypted ones that forbid changes, may be refused;
                // a file refused as damaged is one qpdf faults too.
                #expect([PDFError.Code.repairedFile, .signed, .certified, .permissionDenied].contains(error.code), "\(name): \(error)")
                #expect(error.code != .permissionDenied || oracle.encrypted, "\(name): \(error)")
                if error.code == .repairedFile {
                    #expect(try Tools.run("qpdf", ["--check", original]).status != 0, "\(name): qpdf finds nothing wrong, but it was refused: \(error)")
                }
            }
        }
        #expect(written.count >= 100, "only \(written.count) corpus files were written")

        let pikepdf = try Corpus.oracle(written.map(\.copy))
        let exifBefore = try exiftool(written.map(\.original))
        let exifAfter = try exiftool(written.map(\.copy))
        for file in written {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file.copy))
            #expect(bytes.starts(with: file.originalBytes), "\(file.name): original bytes are not a prefix")
            try expectNoNewQpdfErrors(file)

            let reading = try #require(pikepdf[file.copy])
            #expect(reading.ok, "\(file.name): pikepdf cannot read the result: \(reading.error ?? "")")
            for (key, value) in Self.values {
                guard case .text(let text)? = reading.info[key] else {
                    Issue.record("\(file.name): pikepdf finds no /\(key)")
                    continue
                }
                #expect(text == value, "\(file.name): pikepdf /\(key)")
            }
            if let xmp = reading.xmp {
                #expect(xmp.title == Self.values["Title"], "\(file.name): XMP dc:title")
                #expect(xmp.creator == ["Frédéric Chopin", "Antonín Dvořák"], "\(file.name): XMP dc:creator")
            }

            if try Tools.run("pdfinfo", [file.original]).status == 0 {
                let info = try pdfinfo(file.copy)
                for (key, value) in Self.values { #expect(info[key] == value, "\(file.name): pdfinfo \(key)") }
            }
            if exifBefore[file.original]?["FileType"] == "PDF", exifBefore[file.original]?["Warning"] == nil, let after = exifAfter[file.copy] {
                for (key, value) in Self.values { #expect(after[key] == value, "\(file.name): exiftool \(key)") }
                #expect(after["Warning"] == nil, "\(file.name): exiftool warns: \(after["Warning"] ?? "")")
            }

            if file.encrypted { try expectEncryptionKept(file) }

            // Writing the same values again appends nothing; undo restores the original bytes.
            let again = try IncrementalUpdateWriter.prepare(
                document: PDFDocument.open(path: file.copy), changes: Self.changes, now: PDFDate(secondsSince1970: 1_790_000_100), newFileID: [UInt8](repeating: 8, count: 16))
            #expect(again == nil, "\(file.name): a second write would append again")
            try RevisionUndo.undo(path: file.copy)
            #expect(try Data(contentsOf: URL(fileURLWithPath: file.copy)) == file.originalBytes, "\(file.name): undo did not restore the original")
        }
    }

    /// Whether a file is refused as damaged is known when it is opened: reading its Info, pages,
    /// outline and signatures first (as `inspect` does) gives the verdict a bare open gives (as
    /// `set` sees it), so every command reports the same damage.
    @Test func theDamageVerdictDoesNotDependOnWhatWasRead() throws {
        var damaged = 0
        for name in Corpus.files {
            guard let opened = try? PDFDocument.open(path: Corpus.path(name)),
                  let inspected = try? PDFDocument.open(path: Corpus.path(name)) else { continue }
            let atOpen = opened.wasRepaired
            _ = try? inspected.info()
            _ = try? inspected.pageCount()
            _ = try? inspected.outline()
            _ = try? inspected.signatureState()
            let refusal = { (document: PDFDocument) -> PDFError.Code? in (try? UpdateBasis(document: document))?.refusal?.code }
            #expect(inspected.wasRepaired == atOpen, "\(name): rebuilt only after reading more")
            #expect(refusal(opened) == refusal(inspected), "\(name)")
            #expect(!atOpen || refusal(opened) != nil, "\(name): damaged, yet not refused")
            if atOpen { damaged += 1 }
        }
        #expect(damaged > 10)
    }

    /// `qpdf --check` on the result reports no error the original did not have (linearization
    /// warnings excepted: any update voids linearization, pdf-notes §1.14).
    private func expectNoNewQpdfErrors(_ file: Written) throws {
        let before = try Tools.run("qpdf", ["--check", file.original])
        let after = try Tools.run("qpdf", ["--check", file.copy])
        let relevant = { (output: String) in
            Set(output.split(separator: "\n").filter { $0.contains("WARNING") || $0.contains("ERROR") }
                .filter { !$0.lowercased().contains("lineariz") && !$0.contains("hint") }
                .map { $0.replacingOccurrences(of: file.copy, with: "").replacingOccurrences(of: file.original, with: "") })
        }
        let new = relevant(after.stdout + after.stderr).subtracting(relevant(before.stdout + before.stderr))
        #expect(after.status <= max(before.status, after.status == 3 && new.isEmpty ? 3 : 0), "\(file.name): qpdf --check \(before.status) → \(after.status)")
        #expect(new.isEmpty, "\(file.name): new qpdf warnings: \(new)")
    }

    /// An encrypted file stays encrypted the same way, and decrypts to the values written (issue 8).
    private func expectEncryptionKept(_ file: Written) throws {
        let before = try Tools.run("qpdf", ["--show-encryption", file.original]).stdout
        let after = try Tools.run("qpdf", ["--show-encryption", file.copy]).stdout
        #expect(before == after, "\(file.name): encryption changed")
        let original = try PDFDocument.open(path: file.original)
        let updated = try PDFDocument.open(path: file.copy)
        #expect(updated.trailer["Encrypt"] == original.trailer["Encrypt"], "\(file.name): /Encrypt reference changed")
        let firstID = { (document: PDFDocument) in try document.resolve(document.trailer["ID"]).arrayValue?.first }
        #expect(try firstID(updated) == firstID(original), "\(file.name): /ID[0] changed")
        let decrypted = file.copy + ".decrypted.pdf"
        defer { try? FileManager.default.removeItem(atPath: decrypted) }
        let result = try Tools.run("qpdf", ["--decrypt", file.copy, decrypted])
        #expect(result.status == 0 || result.status == 3, "\(file.name): qpdf --decrypt failed: \(result.stderr)")
        let info = try pdfinfo(decrypted)
        for (key, value) in Self.values { #expect(info[key] == value, "\(file.name): decrypted pdfinfo \(key)") }
    }

    private func pdfinfo(_ path: String) throws -> [String: String] {
        let output = try Tools.run("pdfinfo", ["-enc", "UTF-8", path]).stdout
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            values[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return values
    }

    /// exiftool's PDF Info tags and warnings for `paths`, in one run.
    private func exiftool(_ paths: [String]) throws -> [String: [String: String]] {
        let output = try Tools.run("exiftool", ["-j", "-sep", ", ", "-FileType", "-PDF:Title", "-PDF:Author", "-PDF:Subject", "-PDF:Keywords", "-Warning"] + paths).stdout
        let objects = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        var result: [String: [String: String]] = [:]
        for object in objects {
            guard let path = object["SourceFile"] as? String else { continue }
            result[path] = object.compactMapValues { value in value is NSNull ? nil : "\(value)" }
        }
        return result
    }
}
