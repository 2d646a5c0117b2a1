/// What rules may know about a score's file (`score.file`): names, not bytes.
///
/// Facts made from a path (`init(path:pages:)`, one per score) keep only the path and where
/// its last "/" and last "." are: `name`, `stem` and `folder` are ranges of its bytes, made
/// Strings only when asked for, and `score.file` makes them Lua strings from the path's bytes
/// as rules read them. Setting any part stores the three as Strings from then on.
public struct FileFacts: Sendable {
    /// The path as given to tagrules, e.g. `Scores/Chopin - Nocturne.pdf`.
    public var path: String {
        get { storedPath }
        set {
            keepParts()
            storedPath = newValue
        }
    }
    /// The last path component, e.g. `Chopin - Nocturne.pdf`.
    public var name: String {
        get {
            switch parts {
            case .split(let split): text(split.name)
            case .given(let name, _, _): name
            }
        }
        set { setParts(name: newValue) }
    }
    /// The name without its extension, e.g. `Chopin - Nocturne`.
    public var stem: String {
        get {
            switch parts {
            case .split(let split): text(split.stem)
            case .given(_, let stem, _): stem
            }
        }
        set { setParts(stem: newValue) }
    }
    /// The path of the enclosing folder, e.g. `Scores` (empty for a bare name).
    public var folder: String {
        get {
            switch parts {
            case .split(let split): text(split.folder)
            case .given(_, _, let folder): folder
            }
        }
        set { setParts(folder: newValue) }
    }
    /// The number of pages, when known.
    public var pages: Int?

    private var storedPath: String
    private var parts: Parts

    /// Where `name`, `stem` and `folder` come from.
    private enum Parts: Sendable {
        /// Byte ranges of `storedPath`.
        case split(PathSplit)
        /// Strings of their own (given, or set after the split).
        case given(name: String, stem: String, folder: String)
    }

    /// Creates facts with every part given.
    public init(path: String, name: String, stem: String, folder: String, pages: Int? = nil) {
        self.init(path: path, parts: .given(name: name, stem: stem, folder: folder), pages: pages)
    }

    private init(path: String, parts: Parts, pages: Int?) {
        storedPath = path
        self.parts = parts
        self.pages = pages
    }

    /// Creates facts from a path: `name`, `stem` and `folder` are derived from it.
    public init(path: String, pages: Int? = nil) {
        // By byte, as the file system splits paths (and much cheaper than by Character); in
        // the string's own UTF-8 buffer when it has one (a native string: every path read),
        // unless a separator is part of a longer Character (see `PathSplit.init?(_:)`).
        if let split = path.utf8.withContiguousStorageIfAvailable(PathSplit.init) ?? nil {
            self.init(path: path, parts: .split(split), pages: pages)
            return
        }
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let folder = slash.map { String(path[..<$0]) } ?? ""
        self.init(path: path, name: name, stem: Self.stem(of: name), folder: folder, pages: pages)
    }

    /// `name` without its last extension; a leading dot does not start an extension.
    static func stem(of name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Runs `body` on the UTF-8 of `path` and where its parts are in it, when the facts were
    /// made from the path and no part was set since; returns nil otherwise (then read the
    /// parts as Strings).
    func withSplitPath<Result>(_ body: (UnsafeBufferPointer<UInt8>, PathSplit) -> Result) -> Result? {
        guard case .split(let split) = parts else { return nil }
        return storedPath.utf8.withContiguousStorageIfAvailable { body($0, split) }
    }

    /// The bytes `range` of `path`, as a String.
    private func text(_ range: Range<Int>) -> String {
        let utf8 = storedPath.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return String(decoding: utf8[start..<utf8.index(start, offsetBy: range.count)], as: UTF8.self)
    }

    /// Stores the parts as Strings, before the path or one of them changes.
    private mutating func keepParts() {
        guard case .split = parts else { return }
        parts = .given(name: name, stem: stem, folder: folder)
    }

    private mutating func setParts(name: String? = nil, stem: String? = nil, folder: String? = nil) {
        parts = .given(name: name ?? self.name, stem: stem ?? self.stem, folder: folder ?? self.folder)
    }
}

/// Where the name, stem and folder of a path are in its UTF-8: split at the last "/" and at
/// the last "." of the name that is not its first byte, as `FileFacts.init(path:pages:)` and
/// `FileFacts.stem(of:)` split by `String.Index`.
struct PathSplit: Sendable, Hashable {
    /// The number of bytes of the path.
    let count: Int
    /// One past the last "/", or 0.
    let nameStart: Int
    /// Where the stem ends: at the last "." of the name, or at the end.
    let stemEnd: Int

    var name: Range<Int> { nameStart..<count }
    var stem: Range<Int> { nameStart..<stemEnd }
    /// Up to the last "/" (empty when there is none).
    var folder: Range<Int> { 0..<max(nameStart - 1, 0) }

    /// Splits the path whose UTF-8 is `bytes`. Both separators are ASCII, so every piece is
    /// whole UTF-8.
    ///
    /// The split by `String.Index` steps over whole Characters, so it differs where a
    /// separator is part of a longer Character: a combining mark after the "/" ("/\u{301}"),
    /// or a prepended mark before the "/" or the "." (U+0600 …). Those need a non-ASCII byte
    /// next to the separator; for such paths this returns nil and the caller splits by index.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        func isASCII(at index: Int) -> Bool { index < 0 || index >= bytes.count || bytes[index] < 0x80 }
        var nameStart = bytes.count
        while nameStart > 0, bytes[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
        var dot = bytes.count
        while dot > nameStart, bytes[dot - 1] != UInt8(ascii: ".") { dot -= 1 }
        // `dot` is one past the last "." of the name, or `nameStart` when it has none.
        if nameStart > 0, !isASCII(at: nameStart) || !isASCII(at: nameStart - 2) { return nil }
        if dot > nameStart + 1, !isASCII(at: dot - 2) { return nil }
        count = bytes.count
        self.nameStart = nameStart
        stemEnd = dot > nameStart + 1 ? dot - 1 : bytes.count
    }
}
