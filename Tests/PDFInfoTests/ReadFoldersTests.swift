import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import PDFInfo

/// `ReadFolders`: a folder is opened at its second file and its files are then opened by name
/// (`openat`), with the bytes, identity and link status opening by path gives; the folders
/// used last stay open, one handed out stays usable after it is let go of, and a folder that
/// could not be opened is not tried again.
struct ReadFoldersTests {
    /// A scratch folder with `folders` subfolders of `files` files each (`f<i>/<j>.bin`, each
    /// file's bytes naming it), removed by `remove()`.
    private struct Tree {
        let root: String

        init(folders: Int, files: Int) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("read-folders-\(UUID().uuidString)").path
            for folder in 0..<folders {
                try FileManager.default.createDirectory(atPath: "\(root)/f\(folder)", withIntermediateDirectories: true)
                for file in 0..<files {
                    try Data("folder \(folder) file \(file)".utf8).write(to: URL(fileURLWithPath: path(folder, file)))
                }
            }
        }

        func path(_ folder: Int, _ file: Int) -> String { "\(root)/f\(folder)/\(file).bin" }
        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    private static func contents(_ source: FileByteSource) throws -> String {
        String(decoding: try source.read(0..<source.count), as: UTF8.self)
    }

    @Test func aFolderIsOpenedAtItsSecondFileAndItsFilesReadAsByPath() throws {
        let tree = try Tree(folders: 2, files: 3)
        defer { tree.remove() }
        let folders = ReadFolders()
        #expect(folders.folder(of: tree.path(0, 0)) == nil, "a folder's first file is opened by path")
        let opened = try #require(folders.folder(of: tree.path(0, 1)))
        #expect(opened.path == "\(tree.root)/f0")
        #expect(folders.folder(of: tree.path(0, 2)) === opened)
        for file in 0..<3 {
            let byName = try FileByteSource(path: tree.path(0, file), folders: folders)
            let byPath = try FileByteSource(path: tree.path(0, file))
            #expect(try Self.contents(byName) == "folder 0 file \(file)")
            #expect(byName.identity == byPath.identity)
            #expect(byName.path == tree.path(0, file))
            #expect(!byName.isLink)
        }
    }

    @Test func aLinkIsFollowedAndKnownAsALink() throws {
        let tree = try Tree(folders: 1, files: 2)
        defer { tree.remove() }
        let link = "\(tree.root)/f0/link.bin"
        #expect(symlink("0.bin", link) == 0)
        let folders = ReadFolders()
        _ = try FileByteSource(path: tree.path(0, 1), folders: folders)
        #expect(folders.folder(of: link) != nil)
        let source = try FileByteSource(path: link, folders: folders)
        #expect(source.isLink)
        #expect(try Self.contents(source) == "folder 0 file 0")
    }

    @Test func theFoldersUsedLastStayOpenAndALetGoFolderStaysUsable() throws {
        let count = ReadFolders.keptOpen + 2
        let tree = try Tree(folders: count, files: 2)
        defer { tree.remove() }
        let folders = ReadFolders()
        _ = folders.folder(of: tree.path(0, 0))
        let first = try #require(folders.folder(of: tree.path(0, 1)))
        var opened = [first]
        for folder in 1..<count {
            _ = folders.folder(of: tree.path(folder, 0))
            opened.append(try #require(folders.folder(of: tree.path(folder, 1))))
        }
        // The first folders were let go of; the last ones are still handed out.
        let last = count - 1
        #expect(folders.folder(of: tree.path(last, 0)) === opened[last])
        #expect(folders.folder(of: tree.path(0, 0)) == nil, "let go of, and its first file seen again")
        // A folder let go of while held keeps its descriptor: a file opens through it.
        let descriptor = "1.bin".withCString { openat(first.descriptor, $0, O_RDONLY) }
        #expect(descriptor >= 0)
        close(descriptor)
    }

    @Test func aFolderThatCouldNotBeOpenedIsNotTriedAgain() throws {
        let tree = try Tree(folders: 2, files: 3)
        defer { tree.remove() }
        let folders = ReadFolders()
        #expect(folders.folder(of: tree.path(0, 0)) == nil)
        // Gone when its second file comes: the folder cannot be opened.
        #expect(rename("\(tree.root)/f0", "\(tree.root)/moved") == 0)
        #expect(folders.folder(of: tree.path(0, 1)) == nil)
        #expect(rename("\(tree.root)/moved", "\(tree.root)/f0") == 0)
        // Back, but not tried again: its files are opened by path.
        #expect(folders.folder(of: tree.path(0, 2)) == nil)
        #expect(try Self.contents(FileByteSource(path: tree.path(0, 2), folders: folders)) == "folder 0 file 2")
        // Other folders are opened as before.
        #expect(folders.folder(of: tree.path(1, 0)) == nil)
        #expect(folders.folder(of: tree.path(1, 1)) != nil)
    }
}
