import Foundation
import Platform

/// A rules folder: the only place the code of its rule files reads from. Rule files are its
/// top-level `*.lua` files; `require` finds modules and `tagrules.data` finds data files inside
/// it, and nowhere else (no absolute paths, no `..`, no symbolic link that leads out). When a
/// rule set layers several folders, each rule file reads from its own.
struct RulesFolder: Sendable {
    /// The folder, with symbolic links resolved.
    let url: URL
    /// The largest file read, in bytes.
    let fileBytes: Int
    /// What goes before a path relative to the folder to name the file in messages and chunk
    /// names: empty when the set has this folder only (`20-genre.lua`), else the folder as
    /// given and a slash (`my-rules/20-genre.lua`), so that files of different folders never
    /// share a name.
    let prefix: String

    /// - Parameter prefix: See ``prefix``.
    /// - Throws: `RuleError` (`io`) when `url` is not a readable folder.
    init(url: URL, fileBytes: Int, prefix: String = "") throws(RuleError) {
        let resolved = url.standardizedFileURL.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isFolder), isFolder.boolValue
        else { throw RuleError(.io, "the rules folder does not exist or is not a folder", file: url.path) }
        self.url = resolved
        self.fileBytes = fileBytes
        self.prefix = prefix
    }

    /// The name of the folder's file at `relativePath` in messages and chunk names.
    func displayName(_ relativePath: String) -> String { prefix + relativePath }

    /// The folder a host function's argument `index` names: the sandbox's environments know
    /// their folder by its 1-based number in `folders` (see `SandboxPrelude`).
    static func argument(_ state: LuaState, at index: Int32, of folders: [RulesFolder]) -> RulesFolder? {
        guard let number = state.integer(at: index), number >= 1, number <= folders.count else { return nil }
        return folders[number - 1]
    }

    /// The rule files: the folder's visible top-level `*.lua` files, in filename order.
    func ruleFiles() throws(RuleError) -> [String] {
        var names: [String] = []
        let listed = FolderReader.forEachEntry(in: url.path) { bytes, _ in
            let name = String(decoding: bytes, as: UTF8.self)
            if name.hasSuffix(".lua") && !name.hasPrefix(".") { names.append(name) }
            return true
        }
        guard listed else {
            throw RuleError(.io, "cannot list the rules folder: \(String(cString: strerror(errno)))", file: url.path)
        }
        return names.sorted {
            Array($0.utf8).lexicographicallyPrecedes($1.utf8)
        }
    }

    /// The path of module `name` (`require "lib.names"` → `lib/names.lua`), relative to the folder.
    ///
    /// - Throws: `RuleError` (`io`) for a name that is not dot-separated words of letters,
    ///   digits, `_` and `-`.
    func modulePath(_ name: String) throws(RuleError) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".utf8)
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !segments.isEmpty, segments.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(allowed.contains) })
        else {
            throw RuleError(
                .io, "require: '\(name.prefix(80))' is not a module of the rules folder; "
                    + "use a name like \"lib.names\" for lib/names.lua")
        }
        // The dots made slashes byte by byte (`segments.joined(separator:)` is the standard
        // library's unspecialized copy, slow on its first call).
        let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/")
        return String(decoding: name.utf8.map { $0 == dot ? slash : $0 }, as: UTF8.self) + ".lua"
    }

    /// Checks a data file name (`"eras.csv"`, `"data/eras.tsv"`) and returns it as a path
    /// relative to the folder.
    ///
    /// - Throws: `RuleError` (`io`) for an absolute path or one with `.` or `..` segments.
    func dataPath(_ name: String) throws(RuleError) -> String {
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.isEmpty,
            segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\\") && !$0.contains("\0") })
        else {
            throw RuleError(
                .io, "tagrules.data: '\(name.prefix(80))' is not a file of the rules folder; "
                    + "give a relative path without '..'")
        }
        return name
    }

    /// The URL of `relativePath` after resolving symbolic links, checked to lie inside the
    /// folder and to be a regular file no larger than `fileBytes`.
    ///
    /// The type and size come from `lstat`, as `FileManager.attributesOfItem` has them, without
    /// the owner's and group's names it also looks up (a name service query per file).
    func checkedURL(_ relativePath: String) throws(RuleError) -> URL {
        let file = url.appendingPathComponent(relativePath).resolvingSymlinksInPath()
        guard file.path.hasPrefix(url.path + "/") else {
            throw RuleError(.io, "'\(relativePath)' leads outside the rules folder", file: displayName(relativePath))
        }
        var status = stat()
        guard lstat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw RuleError(.io, "no file '\(relativePath)' in the rules folder", file: displayName(relativePath))
        }
        if Int(status.st_size) > fileBytes {
            throw RuleError(.io, "'\(relativePath)' is larger than \(fileBytes) bytes", file: displayName(relativePath))
        }
        return file
    }

    /// Reads `relativePath` as UTF-8 text, after `checkedURL`.
    func readText(_ relativePath: String) throws(RuleError) -> String {
        let file = try checkedURL(relativePath)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw RuleError(.io, "cannot read '\(relativePath)'", file: displayName(relativePath))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RuleError(.io, "'\(relativePath)' is not UTF-8 text", file: displayName(relativePath))
        }
        return text
    }
}
