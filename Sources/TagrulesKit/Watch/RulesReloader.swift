import Foundation
import MetadataModel
import PDFInfo
import Platform
import RuleHost

/// The rules watch mode runs, reloaded when the files of the rules folders change.
///
/// A reload that reports an error (a syntax error, a rule without `apply`, a duplicate name)
/// keeps the previous rule set: a half-saved edit never makes watch mode tag files with fewer
/// rules than before. The folders' state is a fingerprint of the stamps of their visible files
/// (rule files, `lib/` modules, data files), so that events for an editor's swap files, or a
/// save that changes nothing, cost a few `stat`s and no reload.
package struct RulesReloader {
    /// The rules folders, as given, in the order their rules run.
    let rulesFolders: [URL]
    /// The rules in force.
    package private(set) var transform: RulesTransform
    private var fingerprint: [String: FileStamp]

    /// What a check found.
    enum Outcome {
        /// The folder is as it was.
        case unchanged
        /// The new rules are in force.
        case reloaded(RulesTransform)
        /// The new rules have errors (they are in the load diagnostics); the previous ones
        /// stay in force.
        case rejected([Diagnostic])
        /// The folder could not be read; the previous rules stay in force.
        case failed(CLIError)
    }

    /// Loads the rules of `folders`, layered in that order.
    ///
    /// - Throws: `CLIError` (`rules-unavailable`) when a folder cannot be listed.
    package init(folders: [URL]) throws(CLIError) {
        rulesFolders = folders
        fingerprint = Self.fingerprint(of: folders).files
        transform = try RulesTransform(folders: folders)
    }

    /// The rules folders and their subfolders, for the event source to watch.
    var folders: [String] { Self.fingerprint(of: rulesFolders).folders }

    /// The rules folders as given, for messages.
    package var name: String { rulesFolders.map(\.relativePath).joined(separator: ", ") }

    /// Whether `path` is one of the rules folders or lies in one.
    func contains(_ path: String) -> Bool {
        rulesFolders.contains { folder in
            let folder = folder.path
            return path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        }
    }

    /// Reloads the rules when the folders' files changed since the last load.
    mutating func check() -> Outcome {
        let current = Self.fingerprint(of: rulesFolders).files
        guard current != fingerprint else { return .unchanged }
        fingerprint = current
        let candidate: RulesTransform
        do throws(CLIError) {
            candidate = try RulesTransform(folders: rulesFolders)
        } catch {
            return .failed(error)
        }
        let errors = candidate.ruleSet.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { return .rejected(errors) }
        transform = candidate
        return .reloaded(candidate)
    }

    /// The stamps of every visible file under `roots` (by the root's number and the path
    /// relative to it) and their folders.
    private static func fingerprint(of roots: [URL]) -> (files: [String: FileStamp], folders: [String]) {
        var files: [String: FileStamp] = [:]
        var folders: [String] = []
        var entered = Set<FileIdentity>()
        var stack = roots.enumerated().reversed().map { (path: $1.path, relative: "\($0)/") }
        while let (folder, relative) = stack.popLast() {
            guard let (stamp, _) = FileStamp.lookUp(folder), entered.insert(stamp.identity).inserted,
                let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
            else { continue }
            folders.append(folder)
            for name in names where !name.hasPrefix(".") {
                let path = WatchNames.join(folder, name)
                guard let (stamp, mode) = FileStamp.lookUp(path) else { continue }
                if mode & S_IFMT == S_IFDIR {
                    stack.append((path, relative + name + "/"))
                } else {
                    files[relative + name] = stamp
                }
            }
        }
        return (files, folders)
    }
}
