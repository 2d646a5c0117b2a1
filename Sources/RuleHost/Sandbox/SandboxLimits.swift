/// The limits every rule runs under (issue 4, "Sandbox"): an instruction budget per rule call,
/// enforced by a count hook, and a memory cap per Lua state, enforced by a counting allocator.
/// Host-side caps keep a rule from growing the Swift side without bound.
public struct SandboxLimits: Sendable, Hashable {
    /// Lua VM instructions one rule call may run (`apply`, a file's top level, one example).
    /// Work the host does on the rule's behalf (list edits, splits, library loops over table
    /// elements) is charged to the same budget.
    public var instructionsPerCall: Int
    /// Bytes one Lua state may hold: the rules, their data, and what a call allocates.
    public var memoryPerState: Int
    /// The most entries a list field (`composers`, `genres`, `tags`, `labels`) may hold.
    public var listEntries: Int
    /// The most bytes one text value the host keeps (a title, a list entry, a log line) may have.
    public var textBytes: Int
    /// The most `tagrules.log`/`print` lines kept per score.
    public var logLines: Int
    /// The largest rule, module or data file read from the rules folder, in bytes.
    public var fileBytes: Int

    /// Creates limits; the defaults suit rule sets of a few hundred rules.
    public init(
        instructionsPerCall: Int = 2_000_000,
        memoryPerState: Int = 64 << 20,
        listEntries: Int = 1_000,
        textBytes: Int = 16 << 10,
        logLines: Int = 200,
        fileBytes: Int = 8 << 20
    ) {
        self.instructionsPerCall = instructionsPerCall
        self.memoryPerState = memoryPerState
        self.listEntries = listEntries
        self.textBytes = textBytes
        self.logLines = logLines
        self.fileBytes = fileBytes
    }
}
