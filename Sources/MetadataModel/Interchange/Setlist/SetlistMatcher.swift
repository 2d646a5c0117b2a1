/// How well a setlist entry matches the library, in the order forScore tries (file-types.txt).
public enum SetlistMatchLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// The same text, character for character.
    case exact
    /// Equal when letter case is ignored.
    case caseInsensitive = "case-insensitive"
    /// Equal when letter case and diacritics are ignored.
    case diacriticsInsensitive = "diacritics-insensitive"
    /// No library item matches; forScore inserts a placeholder or omits the entry.
    case missing
}

/// The outcome of matching one entry.
public struct SetlistMatch: Sendable, Hashable, Codable {
    /// The first level at which something matched.
    public var level: SetlistMatchLevel
    /// The library file names matching at that level, in library order; empty when missing.
    /// More than one means forScore's choice among them is not documented.
    public var filenames: [String]

    /// Creates a match.
    public init(level: SetlistMatchLevel, filenames: [String]) {
        self.level = level
        self.filenames = filenames
    }
}

/// Matches 4SS entries to a library the way forScore does (file-types.txt): scores by `path`,
/// bookmarks by `path` and `title` together; first exactly, then case-insensitively, then
/// case- and diacritics-insensitively.
///
/// "Exact" is taken literally — the same Unicode scalars, as a stored string compares — so a
/// decomposed `é` matches a precomposed one only from the case-insensitive level on. That
/// reading (NSPredicate's `==`, `==[c]`, `==[cd]`) is tagrules' inference; forScore does not
/// document its comparisons.
public struct SetlistMatcher: Sendable {
    /// A file in the library and the titles of its bookmarks.
    public struct Item: Sendable, Hashable, Codable {
        /// The file's name in the library.
        public var filename: String
        /// Its bookmarks' titles.
        public var bookmarks: [String]

        /// Creates an item.
        public init(filename: String, bookmarks: [String] = []) {
            self.filename = filename
            self.bookmarks = bookmarks
        }
    }

    private let library: [Item]
    private let folding: TextFolding

    /// Creates a matcher for `library`.
    ///
    /// - Parameters:
    ///   - library: The library's files, in the order to report them.
    ///   - folding: The case and diacritics folds (see ``TextFolding``).
    public init(library: [Item], folding: TextFolding) {
        self.library = library
        self.folding = folding
    }

    /// Matches a `score` entry's path against the library's file names.
    public func matchScore(path: String) -> SetlistMatch {
        match { item, equal in equal(item.filename, path) }
    }

    /// Matches a `bookmark` entry: a file whose name matches `path` and which has a bookmark
    /// whose title matches `title`, both at the same level.
    public func matchBookmark(path: String, title: String) -> SetlistMatch {
        match { item, equal in
            equal(item.filename, path) && item.bookmarks.contains { equal($0, title) }
        }
    }

    /// Matches any entry; `nil` for a placeholder, which refers to nothing.
    ///
    /// A score with `data` is matched by its path like any other: forScore itself would write
    /// the data to a new file rather than look, so the result says whether the file is
    /// already in the library.
    public func match(_ entry: Setlist.Entry) -> SetlistMatch? {
        switch entry {
        case .score(let path, _, _): matchScore(path: path)
        case .bookmark(let path, let title): matchBookmark(path: path, title: title)
        case .placeholder: nil
        }
    }

    /// Tries each level in forScore's order with `predicate`, given that level's equality.
    private func match(_ predicate: (Item, (String, String) -> Bool) -> Bool) -> SetlistMatch {
        let levels: [(SetlistMatchLevel, (String, String) -> Bool)] = [
            (.exact, { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }),
            (.caseInsensitive, { folding.caseInsensitive($0) == folding.caseInsensitive($1) }),
            (
                .diacriticsInsensitive,
                { folding.caseAndDiacriticInsensitive($0) == folding.caseAndDiacriticInsensitive($1) }
            ),
        ]
        for (level, equal) in levels {
            let found = library.filter { predicate($0, equal) }.map(\.filename)
            if !found.isEmpty { return SetlistMatch(level: level, filenames: found) }
        }
        return SetlistMatch(level: .missing, filenames: [])
    }
}
