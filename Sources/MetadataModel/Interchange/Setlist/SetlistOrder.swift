/// The orders `tagrules setlist --sort` offers for a setlist's scores.
///
/// Text is compared after ``TextFolding/caseAndDiacriticInsensitive``, with runs of digits
/// compared as numbers (`No. 2` before `No. 10`), the way Finder and forScore's lists sort.
/// Every order is stable: entries that compare equal keep their input order.
public enum SetlistOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// By the title forScore shows (``ScoreMetadata/shownTitle(filename:)``).
    case title
    /// By the first composer's surname (`surname` in ``sorted(_:filename:metadata:folding:surname:)``),
    /// then the whole name, then title: Byrd before Mozart; scores without a composer last.
    case composer
    /// By key in pdf-metadata.txt's keysf order (C♭ … C♯), a major key before its relative
    /// minor (C major, A minor, G major, E minor …), then title; scores without a complete,
    /// valid key last.
    case key
    /// By file name.
    case path

    /// `elements` in this order.
    ///
    /// - Parameters:
    ///   - elements: What to sort, e.g. the CLI's scanned files.
    ///   - filename: The element's file name in the library.
    ///   - metadata: forScore's view of the element.
    ///   - folding: The folds; only ``TextFolding/caseAndDiacriticInsensitive`` is used.
    ///   - surname: The surname in a composer's name (``composer``); by default its last word.
    /// - Returns: The same elements, sorted stably.
    public func sorted<Element>(
        _ elements: [Element], filename: (Element) -> String, metadata: (Element) -> ScoreMetadata,
        folding: TextFolding, surname: (String) -> String = SetlistOrder.lastWord
    ) -> [Element] {
        let fold = folding.caseAndDiacriticInsensitive
        let keys: [SortKey] = elements.map { element in
            let name = filename(element)
            let data = metadata(element)
            let title = fold(data.shownTitle(filename: name))
            switch self {
            case .title: return SortKey(rank: 0, texts: [title])
            case .path: return SortKey(rank: 0, texts: [fold(name)])
            case .composer:
                guard let composer = data.composers.first else { return SortKey(rank: 1, texts: [title]) }
                return SortKey(rank: 0, texts: [fold(surname(composer)), fold(composer), title])
            case .key:
                guard let key = data.key else { return SortKey(rank: Int.max, texts: [title]) }
                return SortKey(rank: (key.keysf + 7) * 2 + key.keymi, texts: [title])
            }
        }
        let order = keys.indices.sorted { a, b in
            switch keys[a].compare(keys[b]) {
            case .less: true
            case .greater: false
            case .equal: a < b
            }
        }
        return order.map { elements[$0] }
    }
}

extension SetlistOrder {
    /// The last word of a name (`Johann Sebastian Bach` → `Bach`), before a generation's mark
    /// (`Johann Strauss II` → `Strauss`): its surname when no table says otherwise.
    public static func lastWord(_ name: String) -> String {
        let marks: Set<String> = ["i", "ii", "iii", "iv", "jr", "jr.", "sr", "sr.", "junior", "senior"]
        let words = name.split(whereSeparator: { $0.isWhitespace })
        let named = words.count > 1 && marks.contains(words[words.count - 1].lowercased()) ? words.dropLast() : words[...]
        return named.last.map(String.init) ?? name
    }
}

/// A decorated sort key: a rank first, then texts compared naturally.
private struct SortKey {
    var rank: Int
    var texts: [String]

    enum Comparison { case less, equal, greater }

    func compare(_ other: SortKey) -> Comparison {
        if rank != other.rank { return rank < other.rank ? .less : .greater }
        for (a, b) in zip(texts, other.texts) {
            let result = NaturalOrder.compare(a, b)
            if result != .equal { return result }
        }
        return .equal
    }
}

/// Compares text with runs of ASCII digits taken as numbers of any length.
enum NaturalOrder {
    /// Splits `text` into alternating digit and non-digit runs.
    private static func runs(_ text: String) -> [(isNumber: Bool, text: Substring)] {
        var runs: [(Bool, Substring)] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let isDigit = text[index].isASCII && text[index].isWholeNumber
            var end = text.index(after: index)
            while end < text.endIndex, (text[end].isASCII && text[end].isWholeNumber) == isDigit {
                end = text.index(after: end)
            }
            runs.append((isDigit, text[start..<end]))
            start = end
            index = end
        }
        return runs
    }

    fileprivate static func compare(_ a: String, _ b: String) -> SortKey.Comparison {
        let (ra, rb) = (runs(a), runs(b))
        for (x, y) in zip(ra, rb) {
            if x.isNumber, y.isNumber {
                // Numbers of any length: drop leading zeros, then the longer is larger.
                let p = x.text.drop { $0 == "0" }
                let q = y.text.drop { $0 == "0" }
                if p.count != q.count { return p.count < q.count ? .less : .greater }
                if p != q { return p < q ? .less : .greater }
            } else if x.text != y.text {
                return x.text < y.text ? .less : .greater
            }
        }
        if ra.count != rb.count { return ra.count < rb.count ? .less : .greater }
        return a == b ? .equal : (a < b ? .less : .greater)
    }
}
