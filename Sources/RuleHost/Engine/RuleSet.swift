import Foundation
import MetadataModel

/// The rules to run, in order, with what loading them reported (issue 4, "Rule files").
///
/// `load(folders:)` reads each folder's top-level `*.lua` files once — the folders in the
/// order given, each folder's files in filename order — and loads them in a Lua state to check
/// them; every worker's own state (`RuleRunner`) later loads the same texts, and the data files
/// they read are parsed once for all of them (`dataCache`). Rule names are unique across all the folders. Lua modules for `require` belong
/// in subfolders (`lib/names.lua` is `require "lib.names"`), data files anywhere in the folder;
/// a rule file's `require` and `tagrules.data` read from its own folder only, so a folder
/// layered on the shipped rules keeps its own `lib/` and `data/`. Native Swift rules added
/// with `adding(_:)` run after the Lua rules.
///
/// Files are named relative to their folder (`20-genre.lua`) when the set has one folder, and
/// after the folder as given when it layers several (`my-rules/20-genre.lua`):
/// ``location(of:)`` gives the path of either.
public struct RuleSet: Sendable {
    /// The rules folders, in order, as given; empty for native rules only.
    public let folders: [URL]
    /// The limits every rule of the set runs under.
    public let limits: SandboxLimits
    /// The rules, in run order.
    public private(set) var rules: [RuleSummary]
    /// The rule files found, as the set names them (see ``location(of:)``): those that loaded
    /// and those that could not be read.
    public private(set) var files: [String] = []
    /// Problems found while loading: unreadable files, syntax errors, invalid rules, duplicate
    /// names. A file or rule with an error is left out; the others run.
    public private(set) var diagnostics: [Diagnostic]

    let rulesFolders: [RulesFolder]
    private(set) var sources: [RuleSource]
    /// The native rules, by name.
    private(set) var nativeRules: [String: any Rule & Sendable] = [:]
    /// The data files the rules read (`tagrules.data`), parsed once for every Lua state.
    let dataCache = DataCache()

    /// Loads the Lua rules of `folder`.
    ///
    /// - Throws: `RuleError` (`io`) when the folder cannot be listed, (`memoryExceeded`) when
    ///   `limits.memoryPerState` cannot hold an empty sandbox. Problems with single files are
    ///   `diagnostics`, not errors.
    public static func load(folder: URL, limits: SandboxLimits = SandboxLimits()) throws(RuleError) -> RuleSet {
        try load(folders: [folder], limits: limits)
    }

    /// Loads the Lua rules of `folders`, layered: the rules of each folder run after those of
    /// the folders before it.
    ///
    /// - Throws: `RuleError` (`io`) when a folder cannot be listed or is given twice,
    ///   (`memoryExceeded`) when `limits.memoryPerState` cannot hold an empty sandbox. Problems
    ///   with single files are `diagnostics`, not errors.
    public static func load(folders: [URL], limits: SandboxLimits = SandboxLimits()) throws(RuleError) -> RuleSet {
        try load(folders: folders, only: nil, limits: limits)
    }

    /// Loads the rules of one rule file (`tagrules rules test FILE.lua`): its `require` and
    /// `tagrules.data` read from the folder it is in, as for the folder's other files.
    ///
    /// - Throws: `RuleError` (`io`) when its folder cannot be listed or it is not one of the
    ///   folder's rule files (a visible `*.lua` file).
    public static func load(file: URL, limits: SandboxLimits = SandboxLimits()) throws(RuleError) -> RuleSet {
        try load(folders: [file.deletingLastPathComponent()], only: file.lastPathComponent, limits: limits)
    }

    /// Loads the rule files of `folders`, or only the file of the first folder named `only`.
    private static func load(folders: [URL], only: String?, limits: SandboxLimits) throws(RuleError) -> RuleSet {
        let labels = Self.labels(folders.map { Self.trimmed($0.relativePath) })
        var rulesFolders: [RulesFolder] = []
        for (url, label) in zip(folders, labels) {
            let folder = try RulesFolder(url: url, fileBytes: limits.fileBytes, prefix: label.map { $0 + "/" } ?? "")
            if let first = rulesFolders.firstIndex(where: { $0.url == folder.url }) {
                throw RuleError(
                    .io, "the rules folder is given twice (also as '\(folders[first].relativePath)')", file: url.relativePath)
            }
            rulesFolders.append(folder)
        }
        var sources: [RuleSource] = []
        var diagnostics: [Diagnostic] = []
        for (index, folder) in rulesFolders.enumerated() {
            var names = try folder.ruleFiles()
            if let only {
                guard names.contains(only) else {
                    throw RuleError(.io, "not a rule file: rule files end in .lua and do not start with '.'", file: only)
                }
                names = [only]
            }
            for name in names {
                do {
                    sources.append(RuleSource(name: folder.displayName(name), text: try folder.readText(name), folder: index))
                } catch {
                    diagnostics.append(Diagnostic(error))
                }
            }
        }
        var set = RuleSet(folders: folders, rulesFolders: rulesFolders, sources: sources, limits: limits)
        let runtime = try LuaRuntime(folders: rulesFolders, limits: limits, cache: set.dataCache)
        let loading = runtime.load(sources)
        set.diagnostics = diagnostics + loading
        set.rules = runtime.rules.map(RuleSummary.init)
        set.files = sources.map(\.name) + diagnostics.compactMap(\.location.file)
        return set
    }

    /// The path of `file`, a file a diagnostic or rule of this set names, as the folders were
    /// given (`rules/20-genre.lua` for `20-genre.lua` of the folder given as `rules`): for
    /// messages read in the current folder. An absolute path stays as it is.
    public func location(of file: String) -> String {
        guard !file.hasPrefix("/") else { return file }
        let owner = zip(folders, rulesFolders).filter { file.hasPrefix($0.1.prefix) }.max { $0.1.prefix.count < $1.1.prefix.count }
        guard let (url, folder) = owner else { return file }
        let base = Self.trimmed(url.relativePath)
        let relative = String(file.dropFirst(folder.prefix.count))
        return base == "." ? relative : base + "/" + relative
    }

    /// The names that tell the files of several folders apart (nil for a lone folder): the
    /// fewest last components of each path that no other path ends in — `rules` for
    /// `../shared/rules` beside `my-rules`, `tagrules/rules` for `/usr/share/tagrules/rules`
    /// beside `rules` — short, because Lua cuts chunk names in messages at 60 bytes.
    static func labels(_ paths: [String]) -> [String?] {
        guard paths.count > 1 else { return paths.map { _ in nil } }
        let components = paths.map { $0.split(separator: "/").map(String.init) }
        func suffix(_ index: Int, _ count: Int) -> String {
            count >= components[index].count ? paths[index] : components[index].suffix(count).joined(separator: "/")
        }
        let labels = paths.indices.map { index in
            let longest = max(1, components[index].count)
            let count = (1...longest).first { count in
                paths.indices.allSatisfy { other in other == index || suffix(other, count) != suffix(index, count) }
            }
            return suffix(index, count ?? longest)
        }
        return Set(labels).count == labels.count ? labels : paths
    }

    /// `path` without trailing slashes (`/` stays).
    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
    /// A set of native rules only, without a rules folder.
    public init(limits: SandboxLimits = SandboxLimits()) {
        self.init(folders: [], rulesFolders: [], sources: [], limits: limits)
    }

    private init(folders: [URL], rulesFolders: [RulesFolder], sources: [RuleSource], limits: SandboxLimits) {
        self.folders = folders
        self.rulesFolders = rulesFolders
        self.sources = sources
        self.limits = limits
        self.rules = []
        self.diagnostics = []
    }

    /// The set with a native rule added after the others (issue 4, "Swift plugins"). A rule whose
    /// name is taken is not added; a `duplicateName` diagnostic says so.
    public func adding(_ rule: any Rule & Sendable) -> RuleSet {
        var set = self
        if let first = rules.first(where: { $0.name == rule.name }) {
            set.diagnostics.append(
                Diagnostic(
                    severity: .error, code: .duplicateName,
                    message: "native rule '\(rule.name)' has the name of the rule at \(first.file ?? "?"):\(first.line ?? 0); rename it",
                    rule: rule.name))
            return set
        }
        set.nativeRules[rule.name] = rule
        set.rules.append(RuleSummary(rule))
        return set
    }
}

/// What a rule set knows about one of its rules without running it.
public struct RuleSummary: Sendable, Hashable, Codable {
    /// The unique name.
    public var name: String
    /// The description.
    public var summary: String?
    /// The defining file, as the set names it (see ``RuleSet``); nil for native rules.
    public var file: String?
    /// The line of `apply` in `file`.
    public var line: Int?
    /// The rule's examples.
    public var examples: [RuleExample]

    init(_ rule: any Rule) {
        name = rule.name
        summary = rule.summary
        file = rule.file
        line = rule.line
        examples = rule.examples
    }
}
