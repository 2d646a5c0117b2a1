import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything under a folder, to prove that a run changed nothing on disk: every entry by its
/// raw path bytes (names need not be UTF-8), its kind and permission bits, the bytes of every
/// file (files over 64 MiB, like the sparse 2 GB file: size, allocated blocks and modification
/// time, so that proving them untouched does not read them), link targets. Symbolic links are
/// not followed. Shared by the BadInput and CrashSafety suites.
struct DiskState: Equatable {
    enum Entry: Equatable {
        case file(mode: UInt32, bytes: Data)
        case largeFile(mode: UInt32, size: Int, blocks: Int, modified: Int)
        case folder(mode: UInt32)
        case link(target: [UInt8])
        case other(mode: UInt32)
    }

    /// Entries by path relative to the root, as raw bytes.
    private(set) var entries: [[UInt8]: Entry] = [:]
    private static let largeFile = 64 << 20

    init(_ root: URL) {
        walk(Array(root.path.utf8), relative: [])
    }

    /// The relative paths (bad bytes escaped) that differ between two states.
    func differences(from other: DiskState) -> [String] {
        Set(entries.keys).union(other.entries.keys).filter { entries[$0] != other.entries[$0] }
            .map(Self.readable).sorted()
    }

    /// The relative paths of every entry, readable.
    var paths: [String] { entries.keys.map(Self.readable).sorted() }

    /// `bytes` as text; when they are not UTF-8, every non-ASCII byte as `\xNN`.
    static func readable(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
    }

    private mutating func walk(_ absolute: [UInt8], relative: [UInt8]) {
        guard let directory = RawPath.withCString(absolute, { opendir($0) }) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == Array(".".utf8) || name == Array("..".utf8) { continue }
            let path = absolute + Array("/".utf8) + name
            let key = relative.isEmpty ? name : relative + Array("/".utf8) + name
            var info = stat()
            guard RawPath.withCString(path, { lstat($0, &info) }) == 0 else { continue }
            let mode = UInt32(info.st_mode & 0o7777)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                entries[key] = .folder(mode: mode)
                walk(path, relative: key)
            case S_IFLNK:
                var target = [UInt8](repeating: 0, count: 4096)
                let count = RawPath.withCString(path) { link in
                    target.withUnsafeMutableBufferPointer { readlink(link, UnsafeMutableRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 4096) }
                }
                entries[key] = .link(target: Array(target.prefix(max(count, 0))))
            case S_IFREG where Int(info.st_size) > Self.largeFile:
                entries[key] = .largeFile(mode: mode, size: Int(info.st_size), blocks: Int(info.st_blocks), modified: Self.modified(info))
            case S_IFREG:
                entries[key] = .file(mode: mode, bytes: RawPath.contents(of: path))
            default:
                entries[key] = .other(mode: mode)
            }
        }
    }

    private static func modified(_ info: stat) -> Int {
        #if canImport(Darwin)
        Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
        #else
        Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        #endif
    }
}

/// File operations on paths given as raw bytes, for names that are not UTF-8.
enum RawPath {
    static func withCString<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }

    /// The bytes of the file at `path` (empty when it cannot be read).
    static func contents(of path: [UInt8]) -> Data {
        let descriptor = withCString(path) { open($0, O_RDONLY) }
        guard descriptor >= 0 else { return Data() }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Creates a file at `path` holding `contents`.
    static func create(_ contents: Data, at path: [UInt8]) throws {
        let descriptor = withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count else { throw POSIXError(.EIO) }
    }

    static func makeFolder(_ path: [UInt8]) throws {
        guard withCString(path, { mkdir($0, 0o755) }) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}

/// The snapshot itself must see what the suites rely on it to see.
struct BadInputDiskStateTests {
    @Test func seesContentModeLinksAndOddNames() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let odd = Array(scratch.url.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".pdf".utf8)
        try RawPath.create(Data("one".utf8), at: odd)
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("link").path, withDestinationPath: "nowhere")
        let state = DiskState(scratch.url)
        #expect(state.paths == ["caf\\xE9.pdf", "link"])

        try RawPath.create(Data("two".utf8), at: odd)
        #expect(DiskState(scratch.url).differences(from: state) == ["caf\\xE9.pdf"], "content")
        try RawPath.create(Data("one".utf8), at: odd)
        #expect(DiskState(scratch.url) == state)
        _ = RawPath.withCString(odd) { chmod($0, 0o444) }
        #expect(DiskState(scratch.url).differences(from: state) == ["caf\\xE9.pdf"], "permissions")
    }
}
