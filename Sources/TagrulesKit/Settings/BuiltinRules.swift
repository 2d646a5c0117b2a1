import Foundation

/// The rules tagrules ships (`--rules builtin`), found without a checkout: the folder
/// `share/tagrules/rules` beside the folder of the running binary (`/usr/local/bin/tagrules` →
/// `/usr/local/share/tagrules/rules`, as `scripts/install.sh` lays them out), else, for a
/// binary built in a checkout (`.build/release/tagrules`), the checkout's `rules/`.
package enum BuiltinRules {
    /// The name that stands for the shipped rules wherever a rules folder is given.
    package static let name = "builtin"

    /// The shipped rules folder, or nil when none of ``candidates`` is one.
    package static func folder() -> URL? {
        candidates().first { FileManager.default.isFolder(atPath: $0.path) }
    }

    /// The folders looked at, in order, for the running binary.
    package static func candidates() -> [URL] {
        guard let executable = Bundle.main.executableURL else { return [] }
        return candidates(executable: executable)
    }

    /// The folders looked at for the binary at `executable` (symbolic links resolved, so that
    /// a link on the PATH finds the folders of the binary it leads to): `../share/tagrules/rules`
    /// from its folder, then the `rules/` of the first package checkout (a folder holding
    /// `Package.swift` and `Sources/tagrules`) among the four folders above the binary.
    static func candidates(executable: URL) -> [URL] {
        let binFolder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        var found = [binFolder.deletingLastPathComponent().appendingPathComponent("share/tagrules/rules")]
        var folder = binFolder
        for _ in 0..<4 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
                FileManager.default.isFolder(atPath: folder.appendingPathComponent("Sources/tagrules").path)
            {
                found.append(folder.appendingPathComponent("rules"))
                break
            }
            folder = folder.deletingLastPathComponent()
        }
        return found
    }

}
