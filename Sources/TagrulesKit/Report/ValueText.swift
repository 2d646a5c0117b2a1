import MetadataModel

/// How reports show field values to people (JSON shows the raw values instead).
package enum ValueText {
    /// `Nocturne`, `Chopin, Liszt`, `4`, `3:45`, or `—` when empty. Titles are quoted when
    /// `quoted` is set, so that a diff shows leading and trailing spaces.
    package static func value(_ value: FieldValue, field: MetadataField, quoted: Bool = false) -> String {
        switch value {
        case .text(let text?): quoted ? "\"\(text)\"" : text
        case .list(let list) where !list.isEmpty: list.joined(separator: ", ")
        case .number(let number?) where field == .duration: duration(number)
        case .number(let number?): String(number)
        default: "—"
        }
    }

    /// Seconds as `m:ss` (or `h:mm:ss`), e.g. `225` → `3:45`.
    static func duration(_ seconds: Int) -> String {
        guard seconds >= 0 else { return String(seconds) }
        let (hours, rest) = seconds.quotientAndRemainder(dividingBy: 3600)
        let (minutes, secs) = rest.quotientAndRemainder(dividingBy: 60)
        let padded = secs < 10 ? "0\(secs)" : "\(secs)"
        if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(padded)" }
        return "\(minutes):\(padded)"
    }

    /// The key's name (`E♭ major`), the raw numbers when they name no key, or `—`.
    static func key(keysf: Int?, keymi: Int?) -> String {
        switch (keysf, keymi) {
        case (nil, nil): return "—"
        case (let keysf?, let keymi?):
            return Key(keysf: keysf, keymi: keymi)?.name ?? "keysf \(keysf), keymi \(keymi)"
        default:
            return "keysf \(keysf.map(String.init) ?? "—"), keymi \(keymi.map(String.init) ?? "—")"
        }
    }

    /// The key of `metadata`, as ``key(keysf:keymi:)``.
    static func key(_ metadata: ScoreMetadata) -> String { key(keysf: metadata.keysf, keymi: metadata.keymi) }
}

/// A line of a diff as people read it: `keysf` and `keymi` merged into one `key` line; no line
/// for labels.
struct DiffLine: Sendable, Hashable {
    /// The field's name, or `key`.
    var label: String
    var before: String
    var after: String
    /// The rules that made the change.
    var rules: [String]
    /// Where they read the value (`Nocturne.mscz`, `page 1`).
    var from: [String] = []

    /// The rules, then `from X` for each place they read: what reports print beside a change.
    var provenance: [String] { rules + from.map { "from " + $0 } }

    /// The lines of a file's changes, in field order, keysf/keymi merged where the key is.
    /// Labels get no line: PDF metadata cannot hold them, so nothing is written for them (the
    /// file's `labels-not-stored` note says so), and a line would show a change under a file
    /// that stays `unchanged`.
    static func lines(_ changes: [ReportChange], before: ScoreMetadata?, after: ScoreMetadata?) -> [DiffLine] {
        var lines: [DiffLine] = []
        var keyAdded = false
        for item in changes where item.change.field != .labels {
            let field = item.change.field
            if field == .keysf || field == .keymi, let before, let after {
                guard !keyAdded else { continue }
                keyAdded = true
                let keyChanges = changes.filter { $0.change.field == .keysf || $0.change.field == .keymi }
                lines.append(DiffLine(
                    label: "key", before: ValueText.key(before), after: ValueText.key(after),
                    rules: unique(keyChanges.flatMap(\.rules)), from: unique(keyChanges.flatMap(\.from))))
                continue
            }
            lines.append(DiffLine(
                label: field.rawValue,
                before: ValueText.value(item.change.before, field: field, quoted: field == .title),
                after: ValueText.value(item.change.after, field: field, quoted: field == .title),
                rules: item.rules, from: item.from))
        }
        return lines
    }

    /// `names` without repeats, in order. A file's key line names a rule or two: a linear
    /// search beats building a `Set`.
    private static func unique(_ names: [String]) -> [String] {
        var kept: [String] = []
        kept.reserveCapacity(names.count)
        for name in names where !kept.contains(name) { kept.append(name) }
        return kept
    }
}
