import Foundation
import Testing

@testable import PDFInfo

/// The security handler against every encrypted file of the shared corpus, with qpdf and
/// pikepdf as the oracle (Fixtures/crypto/crypto_oracle.py): the file key equals qpdf's, and
/// every string and stream of every uncompressed object decrypts to what pikepdf reads.
struct CryptoCorpusTests {
    /// Corpus files that open with the empty password, with their MANIFEST `encrypted` column.
    static let openFiles: [String] = Corpus.files.filter {
        let kind = Corpus.manifest[$0]?["encrypted"] ?? "no"
        return !["no", "password", "?"].contains(kind)
    }

    /// Corpus files that need a password, with passwords from their projects' test suites:
    /// (file, password as typed, password bytes for qpdf/pikepdf, is owner password).
    static let passwordCases: [(file: String, password: String, oracleBytes: [UInt8], owner: Bool)] = [
        ("pdfium-encrypted_hello_world_r2.pdf", "hôtel", Array("h\u{F4}tel".unicodeScalars.map { UInt8($0.value) }), false),
        ("pdfium-encrypted_hello_world_r2.pdf", "âge", [0xE2, 0x67, 0x65], true),
        ("pdfium-encrypted_hello_world_r5.pdf", "hôtel", Array("hôtel".utf8), false),
        ("pdfium-encrypted_hello_world_r5.pdf", "âge", Array("âge".utf8), true),
        ("pdfium-bug_1124998.pdf", "test", Array("test".utf8), true),
        ("qpdf-enc-XI-R6_V5_U_view_O_master.pdf", "view", Array("view".utf8), false),
        ("qpdf-enc-XI-R6_V5_U_view_O_master.pdf", "master", Array("master".utf8), true),
        ("qpdf-nontrivial-crypt-filter.pdf", "asdfqwer", Array("asdfqwer".utf8), true),
        ("qpdf-enc-R2_V1_O_master.pdf", "master", Array("master".utf8), true),
        ("qpdf-enc-R3_V2_O_master.pdf", "master", Array("master".utf8), true),
        ("qpdf-enc-XI-R6_V5_O_master.pdf", "master", Array("master".utf8), true),
    ]

    @Test func theCorpusHasEveryKindOfEncryption() {
        let kinds = Set(Self.openFiles.compactMap { Corpus.manifest[$0]?["encrypted"] })
        #expect(kinds == ["RC4-40(R2)", "RC4-128(R3)", "RC4-128(R4)", "AES-128(R4)", "AES-256(R5)", "AES-256(R6)"])
        #expect(Self.openFiles.count >= 24)
    }

    @Test(arguments: openFiles)
    func opensWithTheEmptyPasswordAndDecryptsLikePikepdf(file: String) throws {
        let oracle = try CryptoOracle.read(Corpus.path(file))
        #expect(oracle.opened)
        let handler = try oracle.handler(password: "")
        let kind = try #require(Corpus.manifest[file]?["encrypted"])
        #expect(kind == "\(handler.method)(R\(handler.revision))")
        #expect(handler.openedWithOwnerPassword == oracle.owner_matched)
        #expect(handler.fileKey == (try CryptoOracle.qpdfFileKey(Corpus.path(file), password: [])))
        try oracle.expectDecryption(by: handler)
    }

    @Test(arguments: passwordCases)
    func needsItsPasswordAndThenDecryptsLikePikepdf(file: String, password: String, oracleBytes: [UInt8], owner: Bool) throws {
        let oracle = try CryptoOracle.read(Corpus.path(file), password: oracleBytes)
        #expect(oracle.opened)
        #expect(oracle.owner_matched == owner)
        let handler = try oracle.handler(password: password)
        #expect(handler.openedWithOwnerPassword == owner)
        #expect(handler.fileKey == (try CryptoOracle.qpdfFileKey(Corpus.path(file), password: oracleBytes)))
        try oracle.expectDecryption(by: handler)
        if Corpus.manifest[file]?["encrypted"] == "password" {
            #expect(throws: PDFError.self) { try oracle.handler(password: "") }
            do {
                _ = try oracle.handler(password: "wrong")
                Issue.record("a wrong password opened \(file)")
            } catch {
                #expect(error.code == .needsPassword)
                #expect(error.message.contains("neither as user nor as owner"))
            }
        }
    }

    @Test func filesNeedingAPasswordFailWithNeedsPassword() throws {
        let files = Corpus.files.filter { Corpus.manifest[$0]?["encrypted"] == "password" }
        #expect(files.count == 5)
        for file in files {
            let oracle = try CryptoOracle.read(Corpus.path(file), password: Self.passwordCases.first { $0.file == file }?.oracleBytes ?? [])
            do {
                _ = try oracle.handler(password: "")
                Issue.record("\(file) opened with the empty password")
            } catch {
                #expect(error.code == .needsPassword, "\(file): \(error)")
            }
        }
    }
}

/// What crypto_oracle.py reports for one file (field names as in its JSON).
struct CryptoOracle: Decodable {
    var opened: Bool
    var error: String?
    var user_matched: Bool?
    var owner_matched: Bool?
    var encrypt: OracleObject?
    var id0: String?
    var strings: [Sample]
    var streams: [StreamSample]

    struct Sample: Decodable {
        var obj: Int
        var gen: Int
        var raw: String
        var plain: String
    }

    struct StreamSample: Decodable {
        var obj: Int
        var gen: Int
        var raw: String
        var plain: String
        var metadata: Bool
        var crypt_filter: String?
    }

    /// Runs the oracle on `path`, opening it with `password` (raw bytes, as qpdf takes them).
    static func read(_ path: String, password: [UInt8] = []) throws -> CryptoOracle {
        let script = Tools.packageRoot.appendingPathComponent("Tests/PDFInfoTests/Fixtures/crypto/crypto_oracle.py").path
        let result = try Tools.run("python3", [script, path, hex(password)])
        guard result.status == 0 else { throw OracleFailure(message: "crypto_oracle.py \(path): \(result.stderr)") }
        return try JSONDecoder().decode(CryptoOracle.self, from: Data(result.stdout.utf8))
    }

    /// The file key qpdf computes (`qpdf --show-encryption-key`).
    static func qpdfFileKey(_ path: String, password: [UInt8]) throws -> [UInt8] {
        let script = "import subprocess,sys; sys.stdout.write(subprocess.run([b'qpdf', b'--show-encryption-key', b'--show-encryption', b'--password=' + bytes.fromhex(sys.argv[1]), sys.argv[2].encode()], capture_output=True).stdout.decode('latin-1'))"
        let result = try Tools.run("python3", ["-c", script, hex(password), path])
        guard let line = result.stdout.split(separator: "\n").first(where: { $0.hasPrefix("Encryption key = ") }) else {
            throw OracleFailure(message: "qpdf shows no encryption key for \(path)")
        }
        return bytes(hex: String(line.dropFirst("Encryption key = ".count)))
    }

    /// The handler for this file's /Encrypt and /ID[0], opened with `password`.
    func handler(password: String) throws(PDFError) -> SecurityHandler {
        guard case .dictionary(let dictionary)? = encrypt?.object else {
            throw PDFError(.malformed, "the oracle saw no /Encrypt dictionary")
        }
        return try SecurityHandler(encrypt: dictionary, firstFileID: Self.bytes(hex: id0 ?? ""), password: password)
    }

    /// Expects every string and stream sample to decrypt to pikepdf's bytes, and at least one
    /// sample in all.
    func expectDecryption(by handler: SecurityHandler) throws {
        #expect(strings.count + streams.count > 0, "the oracle found nothing encrypted")
        for sample in strings {
            let ref = ObjectRef(sample.obj, sample.gen)
            let decrypted = try handler.decryptString(Self.bytes(hex: sample.raw), in: ref)
            #expect(decrypted == Self.bytes(hex: sample.plain), "string in \(ref)")
        }
        for sample in streams {
            let ref = ObjectRef(sample.obj, sample.gen)
            let raw = Self.bytes(hex: sample.raw)
            let decrypted = try handler.decryptStream(raw, in: ref, isMetadata: sample.metadata, cryptFilterName: sample.crypt_filter)
            // XMP left in plain text despite the encryption (pdfium-bug_1124998.pdf): pikepdf
            // "decrypts" it into noise; the handler keeps it, as issue 8 asks.
            let plainXMP = sample.metadata && raw.starts(with: Array("<?xpacket".utf8))
            #expect(decrypted == (plainXMP ? raw : Self.bytes(hex: sample.plain)), "stream \(ref)")
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap { UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16) }
    }

    struct OracleFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// A PDF object as crypto_oracle.py writes it: `{"dict": [[key, value], …]}`, `{"array": […]}`,
/// `{"name": …}`, `{"string": hex}`, `{"int": …}`, `{"real": …}`, `{"bool": …}`, `{"null": true}`.
struct OracleObject: Decodable {
    var object: PDFObject

    private enum Key: String, CodingKey { case dict, array, name, string, int, real, bool, null }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let entries = try container.decodeIfPresent([[OracleEntryPart]].self, forKey: .dict) {
            object = .dictionary(PDFDictionary(entries.compactMap { pair in
                guard pair.count == 2, case .key(let key) = pair[0], case .value(let value) = pair[1] else { return nil }
                return (PDFName(key), value.object)
            }))
        } else if let items = try container.decodeIfPresent([OracleObject].self, forKey: .array) {
            object = .array(items.map(\.object))
        } else if let name = try container.decodeIfPresent(String.self, forKey: .name) {
            object = .name(PDFName(name))
        } else if let hex = try container.decodeIfPresent(String.self, forKey: .string) {
            object = .string(CryptoOracle.bytes(hex: hex))
        } else if let value = try container.decodeIfPresent(Int.self, forKey: .int) {
            object = .integer(value)
        } else if let value = try container.decodeIfPresent(Double.self, forKey: .real) {
            object = .real(value)
        } else if let flag = try container.decodeIfPresent(Bool.self, forKey: .bool) {
            object = .bool(flag)
        } else {
            object = .null
        }
    }

    /// One half of a `[key, value]` pair.
    enum OracleEntryPart: Decodable {
        case key(String)
        case value(OracleObject)

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let key = try? container.decode(String.self) { self = .key(key) } else { self = .value(try container.decode(OracleObject.self)) }
        }
    }
}
