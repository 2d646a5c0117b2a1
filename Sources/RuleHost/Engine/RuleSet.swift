import Foundation

/// The rules to run, in order, with what loading them reported (issue 4, "Rule files").
///
/// `load(folder:)` reads the folder's top-level `*.lua` files once, in filename order, and
/// loads them in a Lua state to check them; that state becomes the first worker's, and every
/// other worker's state later loads the same texts. Lua modules for `require` belong in subfolders (`lib/names.lua` is
/// `require "lib.names"`), data files anywhere in the folder. Native Swift rules added with
/// `adding(_:)` run after the Lua rules.
public struct RuleSet: Sendable {
    /// The rules folder, when there are Lua rules.
    public let folder: URL?
    /// The limits every rule of the set runs under.
    public let limits: SandboxLimits
    /// The rules, in run order.
    public private(set) var rules: [RuleSummary]
    /// Problems found while loading: unreadable files, syntax errors, invalid rules, duplicate
    /// names. A file or rule with an error is left out; the others run.
    public private(set) var diagnostics: [RuleDiagnostic]

    let rulesFolder: RulesFolder?
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
        let rulesFolder = try RulesFolder(url: folder, fileBytes: limits.fileBytes)
        var sources: [RuleSource] = []
        var diagnostics: [RuleDiagnostic] = []
        for name in try rulesFolder.ruleFiles() {
            do {
                sources.append(RuleSource(name: name, text: try rulesFolder.readText(name)))
            } catch {
                diagnostics.append(RuleDiagnostic(error))
            }
        }
        var set = RuleSet(folder: folder, rulesFolder: rulesFolder, sources: sources, limits: limits)
        let runtime = try LuaRuntime(folder: rulesFolder, limits: limits, cache: set.dataCache)
        let loading = runtime.load(sources)
        set.diagnostics = diagnostics + loading
        set.rules = runtime.rules.map(RuleSummary.init)
        return set
    }

    /// A set of native rules only, without a rules folder.
    public init(limits: SandboxLimits = SandboxLimits()) {
        self.init(folder: nil, rulesFolder: nil, sources: [], limits: limits)
    }

    private init(folder: URL?, rulesFolder: RulesFolder?, sources: [RuleSource], limits: SandboxLimits) {
        self.folder = folder
        self.rulesFolder = rulesFolder
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
                RuleDiagnostic(
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
    /// The defining file, relative to the rules folder; nil for native rules.
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
