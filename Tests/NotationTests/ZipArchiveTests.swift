import Foundation
import Testing

@testable import Notation

/// The ZIP reader on real archives and on damaged copies of them: every kind of damage is a
/// typed error naming what is wrong, never a trap or a wrong read.
struct ZipArchiveTests {
    /// Python's zipfile lists the same entries with the same contents (the oracle).
    @Test(arguments: ["aloha_oe.mxl", "Reunion.mscz", "fosterBrownHair.mscz", "made-musescore4.mscz"])
    func readsWhatPythonsZipfileReads(name: String) throws {
        let archive = try ZipArchive(NotationFixtures.bytes(name))
        let script = """
            import hashlib, json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                print(json.dumps([[i.filename, hashlib.sha256(z.read(i)).hexdigest()] for i in z.infolist()]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, NotationFixtures.path(name)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let expected = try JSONDecoder().decode([[String]].self, from: output)
        #expect(archive.entries.map(\.name) == expected.map { $0[0] })
        for (entry, oracle) in zip(archive.entries, expected) {
            let contents = try archive.contents(of: entry)
            #expect(Self.sha256Hex(contents) == oracle[1], "\(entry.name)")
        }
    }

    private static func sha256Hex(_ bytes: [UInt8]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try? process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Offsets of the end record and the first central directory entry of `bytes`.
    private static func layout(_ bytes: [UInt8]) -> (end: Int, directory: Int) {
        let end = (0...(bytes.count - 22)).last { bytes[$0..<$0 + 4].elementsEqual([0x50, 0x4B, 0x05, 0x06]) }!
        let directory = Int(bytes[end + 16]) | Int(bytes[end + 17]) << 8 | Int(bytes[end + 18]) << 16 | Int(bytes[end + 19]) << 24
        return (end, directory)
    }

    /// A copy of aloha_oe.mxl changed by `change`, and the error reading it gives.
    private func damaged(_ change: (inout [UInt8], (end: Int, directory: Int)) -> Void) throws -> NotationError? {
        var bytes = try NotationFixtures.bytes("aloha_oe.mxl")
        change(&bytes, Self.layout(bytes))
        return #expect(throws: NotationError.self) {
            let archive = try ZipArchive(bytes)
            for entry in archive.entries { _ = try archive.contents(of: entry) }
        }
    }

    @Test func refusesDamage() throws {
        #expect(try damaged { bytes, _ in bytes.removeLast(30) }?.code == .damagedArchive)
        #expect(try damaged { bytes, _ in bytes = Array(bytes.prefix(10)) }?.code == .damagedArchive)
        #expect(try damaged { bytes, _ in bytes = Array(bytes.prefix(bytes.count / 2)) }?.code == .damagedArchive)
        // The CRC-32 of the first entry.
        #expect(try damaged { bytes, layout in bytes[layout.directory + 16] ^= 0xFF }?.code == .damagedArchive)
        // A byte in the middle of the deflated data.
        #expect(try damaged { bytes, _ in bytes[200] ^= 0x55 }?.code == .damagedArchive)
        // The first entry's local header offset points past the file.
        #expect(try damaged { bytes, layout in bytes[layout.directory + 45] = 0x7F }?.code == .damagedArchive)
        // The central directory's offset points past its end record.
        #expect(try damaged { bytes, layout in bytes[layout.end + 19] = 0x7F }?.code == .damagedArchive)
    }

    @Test func refusesWhatItDoesNotRead() throws {
        let zip64 = try damaged { bytes, layout in
            for offset in 16..<20 { bytes[layout.end + offset] = 0xFF }
        }
        #expect(zip64?.code == .unsupportedArchive && zip64?.message.contains("ZIP64") == true)
        let encrypted = try damaged { bytes, layout in bytes[layout.directory + 8] |= 0x01 }
        #expect(encrypted?.code == .unsupportedArchive && encrypted?.message.contains("encrypted") == true)
        let method = try damaged { bytes, layout in bytes[layout.directory + 10] = 12 }
        #expect(method?.code == .unsupportedArchive && method?.message.contains("method 12") == true)
        let disks = try damaged { bytes, layout in bytes[layout.end + 4] = 1 }
        #expect(disks?.code == .unsupportedArchive)
    }

    @Test func refusesHostileSizes() throws {
        // An entry declaring more than the cap, and a declared count past the cap.
        let large = try damaged { bytes, layout in bytes[layout.directory + 27] = 0x7F }
        #expect(large?.code == .hostileArchive)
        let many = try damaged { bytes, layout in
            for offset in [8, 10] {
                bytes[layout.end + offset] = 0x30
                bytes[layout.end + offset + 1] = 0x75
            }
        }
        #expect(many?.code == .hostileArchive)
    }

    @Test func namesTheFileInErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Nocturne.mscz")
        try Data(Array(try NotationFixtures.bytes("Reunion.mscz").prefix(500))).write(to: file)
        let error = #expect(throws: NotationError.self) { try NotationReader.read(path: file.path) }
        #expect(error?.description.hasPrefix(file.path + ": ") == true, "\(String(describing: error))")
    }
}
