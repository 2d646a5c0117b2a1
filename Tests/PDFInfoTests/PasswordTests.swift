import Foundation
import Testing
@testable import PDFInfo

/// Files that need a user password (issue 8): refused clearly without it, read and written with it.
/// The encrypted copies are made by qpdf, an independent writer, at test time.
struct PasswordTests {
    static let sample = Tools.shared.appendingPathComponent("samples/library/Bach - Minuet in G major BWV Anh 114.pdf").path

    @Test(arguments: [
        ["40"], ["128", "--use-aes=n"], ["128", "--use-aes=y"], ["256"],
    ])
    func userPasswordIsNeededAndWorks(encryption: [String]) throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("locked.pdf").path
        let made = try Tools.run("qpdf", ["--allow-weak-crypto", "--encrypt", "user pw", "owner pw", encryption[0]] + encryption.dropFirst() + ["--", Self.sample, path])
        try #require(made.status == 0 || made.status == 3, "qpdf --encrypt: \(made.stderr)")
        let expectedTitle = try PDFDocument.open(path: Self.sample).info()["Title"]

        // Without a password: a typed refusal, for reading and for writing.
        let locked = try PDFDocument.open(path: path)
        #expect(try locked.encryption()?.isOpen == false)
        let readError = #expect(throws: PDFError.self) { try locked.info() }
        #expect(readError?.code == .needsPassword)
        #expect(throws: PDFError.self) {
            try IncrementalUpdateWriter.prepare(document: locked, changes: ["Title": "x"], now: PDFDate(secondsSince1970: 0), newFileID: [UInt8](repeating: 1, count: 16))
        }

        // The owner password opens it too.
        let owner = try PDFDocument.open(path: path, password: "owner pw")
        #expect(try owner.encryption()?.openedWithOwnerPassword == true)
        #expect(try owner.info()["Title"] == expectedTitle)

        // With the user password: read, write, and qpdf/pikepdf read back the values written.
        let document = try PDFDocument.open(path: path, password: "user pw")
        #expect(try document.info()["Title"] == expectedTitle)
        let update = try #require(try IncrementalUpdateWriter.prepare(
            document: document, changes: ["Title": "Menuett G-Dur", "Author": "Johann Sebastian Bach, Christian Petzold"],
            now: PDFDate(secondsSince1970: 1_790_000_000), newFileID: [UInt8](repeating: 9, count: 16), options: WriteOptions(force: true)))
        try SafeFileWriter.append(update, to: path)
        let check = try Tools.run("qpdf", ["--password=user pw", "--check", path])
        #expect(check.status == 0, "qpdf --check: \(check.stdout) \(check.stderr)")
        let pikepdf = try Tools.run("python3", ["-c", "import pikepdf,sys; p=pikepdf.open(sys.argv[1], password='user pw'); print(str(p.docinfo['/Title'])); print(str(p.docinfo['/Author']))", path])
        #expect(pikepdf.stdout == "Menuett G-Dur\nJohann Sebastian Bach, Christian Petzold\n", "pikepdf: \(pikepdf.stdout) \(pikepdf.stderr)")
        #expect(try PDFDocument.open(path: path, password: "user pw").info()["Title"] == "Menuett G-Dur")
    }
}
