import MetadataModel

/// A rule: one named, self-contained change to a score's metadata (issue 4, "Swift plugins").
///
/// A Lua rule file is one implementation. Swift code that depends on RuleHost can write native
/// rules and register them beside the Lua rules with `RuleSet.adding(_:)`; they then run in
/// every worker, after the Lua rules, and show up in diagnostics and change attribution by name.
///
/// ```swift
/// struct UppercaseTitle: Rule {
///     let name = "uppercase title"
///     func apply(to metadata: inout ScoreMetadata, context: RuleContext) throws(RuleError) {
///         metadata.title = metadata.title?.uppercased()
///     }
/// }
/// ```
public protocol Rule {
    /// The rule's name, unique within a rule set.
    var name: String { get }
    /// What the rule does, in a sentence (a Lua rule's `description`).
    var summary: String? { get }
    /// The file that defines the rule, relative to the rules folder; nil for native rules.
    var file: String? { get }
    /// The line in `file` where the rule's `apply` starts.
    var line: Int? { get }
    /// Examples `tagrules rules test` checks.
    var examples: [RuleExample] { get }

    /// Changes `metadata`. When it throws, the runner discards every change the call made.
    ///
    /// - Parameters:
    ///   - metadata: The score's metadata as the previous rules left it.
    ///   - context: Read-only facts about the score, and a log.
    /// - Throws: `RuleError` when the rule cannot do its work; the run goes on.
    func apply(to metadata: inout ScoreMetadata, context: RuleContext) throws(RuleError)
}

extension Rule {
    /// No description.
    public var summary: String? { nil }
    /// Native rules have no file.
    public var file: String? { nil }
    /// Native rules have no line.
    public var line: Int? { nil }
    /// No examples.
    public var examples: [RuleExample] { [] }
}

/// What a rule may know while it runs on one score, besides the metadata it changes.
public final class RuleContext {
    /// The score: its file, raw Info strings and outline.
    public let input: ScoreInput
    /// The rule now running (set before each rule, read by its logs); setting it starts the
    /// rule's list of ``reads``.
    var rule: String? {
        didSet { if !reads.isEmpty { reads.removeAll(keepingCapacity: true) } }
    }
    /// What rules logged so far.
    private(set) var logs: [RuleLog] = []
    private let maximumLogs: Int
    /// The notation file and page text behind `score.source` and `score.text`; nil when the
    /// caller has none (both are then nil).
    private let document: (any ScoreDocument)?
    /// Read from `document` on first use, once per score.
    private lazy var source: NotationSource? = document?.notationSource()
    private lazy var text: PageText? = document?.firstPageText()
    /// Where the running rule read from so far: the notation file's name (`Nocturne.mscz`),
    /// `page 1`. A change the rule makes is reported as coming from these.
    private(set) var reads: [String] = []

    init(input: ScoreInput, document: (any ScoreDocument)? = nil, maximumLogs: Int) {
        self.input = input
        self.document = document
        self.maximumLogs = maximumLogs
    }

    /// The notation file beside the score (`score.source`), read on first use; noted as read
    /// by the running rule when there is one.
    public func notationSource() -> NotationSource? {
        guard let source else { return nil }
        noteRead(FileFacts(path: source.path).name)
        return source
    }

    /// The first page's text (`score.text`), read on first use; noted as read by the running
    /// rule when it could be read.
    public func firstPageText() -> PageText? {
        guard let text else { return nil }
        noteRead("page 1")
        return text
    }

    private func noteRead(_ place: String) {
        if !reads.contains(place) { reads.append(place) }
    }

    /// Adds a note to the report (Lua's `tagrules.log`), attributed to the running rule.
    /// Notes past the per-score limit are dropped.
    public func log(_ message: String) { log(message, file: nil, line: nil) }

    func log(_ message: String, file: String?, line: Int?) {
        guard logs.count < maximumLogs else { return }
        logs.append(RuleLog(rule: rule, message: message, file: file, line: line))
    }
}

/// One example of a rule (issue 4, `examples = { { given = …, expect = … } }`): run on
/// `given`, the rule must leave the `fields` of `expected` as they are there.
public struct RuleExample: Sendable, Hashable, Codable {
    /// The score the rule runs on.
    public var given: ScoreInput
    /// The expected values of `fields` (other fields are not compared).
    public var expected: ScoreMetadata
    /// The fields compared, in `MetadataField` order.
    public var fields: [MetadataField]
    /// The line in the rule's file where the example starts, when it can be found.
    public var line: Int?
    /// What `given` states as `source` and `text` (`score.source`, `score.text`).
    public var document: ScoreDocumentValues

    /// Creates an example.
    public init(
        given: ScoreInput, document: ScoreDocumentValues = ScoreDocumentValues(), expected: ScoreMetadata,
        fields: [MetadataField], line: Int? = nil
    ) {
        self.given = given
        self.document = document
        self.expected = expected
        self.fields = fields
        self.line = line
    }
}
