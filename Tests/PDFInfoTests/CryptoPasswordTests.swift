import Foundation
import Testing

@testable import PDFInfo

/// Files encrypted at test time by `qpdf --encrypt USER OWNER BITS` with every method qpdf
/// writes: the empty password fails, the user and the owner password open them, decryption
/// matches pikepdf, and what the handler encrypts, qpdf and pikepdf read back.
struct CryptoPasswordTests {
    static let user = "hôtel"  // in PDFDocEncoding for R2–R4, so qpdf transcodes it
    static let owner = "Grüße✓"  // not encodable: qpdf keeps its UTF-8 bytes for R2–R4

    /// (qpdf arguments after the passwords, method, revision).
    static let methods: [(arguments: [String], method: String, revision: Int)] = [
        (["40"], "RC4-40", 2),
        (["128", "--use-aes=n"], "RC4-128", 3),
        (["128", "--use-aes=n", "--force-V4"], "RC4-128", 4),
        (["128", "--use-aes=y"], "AES-128", 4),
        (["128", "--use-aes=y", "--cleartext-metadata"], "AES-128", 4),
        (["256", "--force-R5"], "AES-256", 5),
        (["256"], "AES-256", 6),
    ]

    /// A corpus file with Info strings and an XMP stream to encrypt.
    static let source = Corpus.path("qpdf-source1.pdf")

    /// Encrypts `source` into a temporary folder; returns the file and the folder to remove.
    static func encrypted(_ arguments: [String]) throws -> (path: String, folder: URL) {
        let folder = try Tools.temporaryFolder()
        let path = folder.appendingPathComponent("encrypted.pdf").path
        let result = try Tools.run("qpdf", ["--allow-weak-crypto", "--encrypt", user, owner] + arguments + ["--", source, path])
        guard result.status == 0 || result.status == 3 else {
            throw CryptoOracle.OracleFailure(message: "qpdf --encrypt \(arguments): \(result.stderr)")
        }
        return (path, folder)
    }

    /// The user password's bytes as qpdf stored them: PDFDocEncoding up to R4, UTF-8 after.
    static func userBytes(revision: Int) -> [UInt8] {
        revision >= 5 ? Array(user.utf8) : user.unicodeScalars.map { UInt8($0.value) }
    }

    @Test(arguments: methods)
    func opensWithTheUserOrOwnerPasswordOnly(arguments: [String], method: String, revision: Int) throws {
        let (path, folder) = try Self.encrypted(arguments)
        defer { try? FileManager.default.removeItem(at: folder) }
        let oracle = try CryptoOracle.read(path, password: Self.userBytes(revision: revision))
        #expect(oracle.opened)

        #expect(throws: PDFError(.needsPassword, "the file needs a password to open; give it with --password")) {
            try oracle.handler(password: "")
        }
        let asUser = try oracle.handler(password: Self.user)
        #expect(!asUser.openedWithOwnerPassword)
        #expect(asUser.method == method)
        #expect(asUser.revision == revision)
        #expect(asUser.fileKey == (try CryptoOracle.qpdfFileKey(path, password: Self.userBytes(revision: revision))))
        try oracle.expectDecryption(by: asUser)
        #expect(oracle.strings.count >= 8, "Info strings of qpdf-source1.pdf")

        let asOwner = try oracle.handler(password: Self.owner)
        #expect(asOwner.openedWithOwnerPassword)
        #expect(asOwner.fileKey == asUser.fileKey)
        #expect(asOwner.encryptsMetadata == !arguments.contains("--cleartext-metadata"))
    }

    @Test(arguments: methods)
    func encryptionRoundTripsWithAFreshIVEachTime(arguments: [String], method: String, revision: Int) throws {
        let (path, folder) = try Self.encrypted(arguments)
        defer { try? FileManager.default.removeItem(at: folder) }
        var handler = try CryptoOracle.read(path, password: Self.userBytes(revision: revision)).handler(password: Self.user)
        let ref = ObjectRef(123, 0)
        for length in [0, 1, 15, 16, 17, 1000] {
            let plain = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            #expect(try handler.decryptString(handler.encryptString(plain, in: ref), in: ref) == plain)
            let stream = try handler.encryptStream(plain, in: ref, isMetadata: false)
            #expect(try handler.decryptStream(stream, in: ref, isMetadata: false, cryptFilterName: nil) == plain)
            if method.hasPrefix("RC4") && length > 0 {
                // Algorithm 1: every object has its own key.
                #expect(try handler.encryptString(plain, in: ObjectRef(124, 0)) != handler.encryptString(plain, in: ref))
            }
        }
        let plain = Array("Grüße".utf8)
        if method.hasPrefix("AES") {
            #expect(try handler.encryptString(plain, in: ref) != handler.encryptString(plain, in: ref))
            let counter = Counter()
            handler.initializationVectors = InitializationVectors { [UInt8](repeating: counter.next(), count: 16) }
            let first = try handler.encryptString(plain, in: ref)
            let second = try handler.encryptString(plain, in: ref)
            #expect(Array(first.prefix(16)) == [UInt8](repeating: 1, count: 16))
            #expect(Array(second.prefix(16)) == [UInt8](repeating: 2, count: 16))
            #expect(first.count == 32 && second.count == 32)
        } else {
            #expect(try handler.encryptString(plain, in: ref) == handler.encryptString(plain, in: ref))
            #expect(try handler.encryptString(plain, in: ref).count == plain.count)
        }
        let metadata = try handler.encryptStream(plain, in: ref, isMetadata: true)
        #expect((metadata == plain) == !handler.encryptsMetadata)
    }

    /// Appends an incremental update whose new Info strings and stream the handler encrypted,
    /// then lets pikepdf decrypt it and qpdf check it: the writer's use of the API, end to end.
    @Test(arguments: methods)
    func qpdfReadsWhatTheHandlerEncrypts(arguments: [String], method: String, revision: Int) throws {
        let (path, folder) = try Self.encrypted(arguments)
        defer { try? FileManager.default.removeItem(at: folder) }
        let handler = try CryptoOracle.read(path, password: Self.userBytes(revision: revision)).handler(password: Self.owner)
        let document = try PDFDocument.open(path: path)
        try #require(document.newestXRefForm == .table)
        var trailer = document.trailer
        let size = try #require(trailer["Size"]?.integerValue)
        let info = ObjectRef(size, 0)
        let data = ObjectRef(size + 1, 0)
        let title = Array("Título – ✓ \(method)".utf8)
        let payload = Array(String(repeating: "stream data ", count: 20).utf8)

        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let infoOffset = bytes.count + 1
        var infoDictionary = PDFDictionary()
        infoDictionary["Title"] = .string(try handler.encryptString([0xEF, 0xBB, 0xBF] + title, in: info))
        infoDictionary["Subject"] = .string(try handler.encryptString(Array("plain ascii".utf8), in: info))
        infoDictionary["Data"] = .reference(data)
        bytes += Array("\n\(size) 0 obj\n".utf8) + ObjectSerializer.bytes(of: .dictionary(infoDictionary)) + Array("\nendobj\n".utf8)
        let dataOffset = bytes.count
        let encryptedPayload = try handler.encryptStream(payload, in: data, isMetadata: false)
        bytes += Array("\(size + 1) 0 obj\n<< /Length \(encryptedPayload.count) >>\nstream\n".utf8) + encryptedPayload
        bytes += Array("\nendstream\nendobj\n".utf8)
        let xrefOffset = bytes.count
        trailer["Info"] = .reference(info)
        trailer["Size"] = .integer(size + 2)
        trailer["Prev"] = .integer(document.xref.startxref)
        bytes += Array("xref\n0 1\n0000000000 65535 f\r\n\(size) 2\n\(Self.entry(infoOffset))\(Self.entry(dataOffset))trailer\n".utf8)
        bytes += ObjectSerializer.bytes(of: .dictionary(trailer)) + Array("\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
        let updated = folder.appendingPathComponent("updated.pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: updated))

        let check = try Tools.run("qpdf", ["--password=" + Self.owner, "--check", updated])
        #expect(check.status == 0, "qpdf --check: \(check.stdout) \(check.stderr)")
        let script = """
            import pikepdf, sys
            pdf = pikepdf.open(sys.argv[1], password=bytes.fromhex(sys.argv[2]))
            info = pdf.trailer.Info
            print(bytes(info.Title).hex()); print(str(info.Subject)); print(info.Data.read_raw_bytes().hex())
            """
        let read = try Tools.run("python3", ["-c", script, updated, CryptoOracle.hex(Self.userBytes(revision: revision))])
        let lines = read.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [CryptoOracle.hex([0xEF, 0xBB, 0xBF] + title), "plain ascii", CryptoOracle.hex(payload)], "\(read.stderr)")
    }

    /// One 20-byte classic xref entry for an object at `offset`.
    static func entry(_ offset: Int) -> String {
        let digits = String(offset)
        return String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n\r\n"
    }
}

/// A counter shared with an `@Sendable` IV source; the lock makes it safe to call from any
/// thread, which is why it may be `@unchecked Sendable`.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt8 = 0

    func next() -> UInt8 {
        lock.lock()
        defer { lock.unlock() }
        value &+= 1
        return value
    }
}
