import Foundation

/// Matches text against an Mp3tag-style pattern ("Convert → Filename - Tag") and returns the
/// named captures: `%composer% - %title%` against "Chopin - Nocturne" gives
/// `["composer": "Chopin", "title": "Nocturne"]`.
///
/// This is the function behind the Lua helper `tagrules.match(text, pattern)`.
///
/// Pattern syntax:
/// - `%name%` captures text under `name` (letters, digits and `_`, as written; names are not
///   case-folded). `%_%` and `%dummy%` capture text that is thrown away.
/// - `%%` is a literal `%`; a `%` that does not open a well-formed `%name%` is literal too.
/// - Everything else is literal and must match exactly (case-sensitive, compared as
///   Swift `Character`s, so composed and decomposed "é" are equal).
///
/// Matching:
/// - The whole text must match the whole pattern.
/// - Captures are non-greedy, left to right: each takes the shortest text that still lets the
///   rest of the pattern match (backtracking), so `%a% - %b%` on "x - y - z" gives a = "x",
///   b = "y - z". A capture at the end of the pattern takes the rest of the text.
/// - Every capture, kept or ignored, must contain at least one non-whitespace character;
///   captured values are trimmed of whitespace.
/// - A name used twice keeps the later capture.
/// - Failed (pattern position, text position) pairs are remembered, so the worst case is
///   O(captures × length²) steps rather than exponential. Text longer than
///   ``maximumTextLength`` characters never matches, so hostile input cannot stall a run.
public enum PatternMatcher {
    /// The longest text that is matched at all (titles and filenames are far shorter).
    public static let maximumTextLength = 4096

    /// Matches `text` against `pattern`.
    ///
    /// - Parameters:
    ///   - text: The text to take apart, e.g. a filename stem.
    ///   - pattern: An Mp3tag-style pattern such as `%composer% - %title%`.
    /// - Returns: The captures by name (ignored captures left out), or `nil` when the text does
    ///   not match. A pattern without captures that matches gives an empty dictionary.
    public static func match(_ text: String, pattern: String) -> [String: String]? {
        match(text, pattern: pattern, cache: nil)
    }

    /// ``match(_:pattern:)`` with the parsed patterns of `cache`, which a Lua state keeps from
    /// score to score. `screened: false` skips the literal screening (for tests that compare).
    static func match(
        _ text: String, pattern: String, cache: PatternCache?, screened: Bool = true
    ) -> [String: String]? {
        // ASCII text and pattern compare byte by byte; anything else by Character.
        if text.isAllASCII && pattern.isAllASCII {
            let parts = cache?.parts(ofASCII: pattern) ?? parse(ascii: pattern)
            return match(Array(text.utf8), parts: parts, screened: screened)
        }
        return match(Array(text), parts: parse(pattern), screened: screened)
    }

    private static func match<Unit: PatternUnit>(
        _ text: [Unit], parts: [Part<Unit>], screened: Bool
    ) -> [String: String]? {
        guard text.count <= maximumTextLength else { return nil }
        // Every literal of a match stands somewhere in the text: one that occurs nowhere
        // settles it without the search (most filenames hold no " - ").
        if screened {
            for case .literal(let literal) in parts where !occurs(literal, in: text) { return nil }
        }
        var search = Search(text: text, parts: parts)
        guard search.matches(part: 0, at: 0) else { return nil }
        var result: [String: String] = [:]
        for capture in search.captures where !isIgnored(capture.name) {
            result[capture.name] = String(TextSplitter.trim(Substring(Unit.string(text[capture.range]))))
        }
        return result
    }

    /// One piece of a parsed pattern.
    /// Whether `literal` (never empty) occurs anywhere in `text`.
    private static func occurs<Unit: Equatable>(_ literal: [Unit], in text: [Unit]) -> Bool {
        guard literal.count <= text.count else { return false }
        return (0...(text.count - literal.count)).contains { start in
            text[start..<(start + literal.count)].elementsEqual(literal)
        }
    }

    enum Part<Unit: Equatable>: Equatable {
        case literal([Unit])
        case capture(String)

    }

    /// Splits a pattern into literal runs and captures (see the type's documentation).
    static func parse(_ pattern: String) -> [Part<Character>] { parse(units: Array(pattern)) }

    /// ``parse(_:)`` of an ASCII pattern, by byte.
    static func parse(ascii pattern: String) -> [Part<UInt8>] { parse(units: Array(pattern.utf8)) }

    private static func parse<Unit: PatternUnit>(units: [Unit]) -> [Part<Unit>] {
        var parts: [Part<Unit>] = []
        var literal: [Unit] = []
        var index = 0
        while index < units.count {
            let unit = units[index]
            guard unit.isPercent else {
                literal.append(unit)
                index += 1
                continue
            }
            if index + 1 < units.count, units[index + 1].isPercent {
                literal.append(unit)
                index += 2
                continue
            }
            var end = index + 1
            while end < units.count, units[end].isNameCharacter { end += 1 }
            if end < units.count, units[end].isPercent, end > index + 1 {
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = []
                parts.append(.capture(Unit.string(units[(index + 1)..<end])))
                index = end + 1
            } else {
                literal.append(unit)
                index += 1
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }

    private static func isIgnored(_ name: String) -> Bool {
        name == "_" || name.lowercased() == "dummy"
    }

    /// A depth-first search over (pattern part, text position) with a memo of failures.
    private struct Search<Unit: PatternUnit> {
        let text: [Unit]
        let parts: [Part<Unit>]
        var captures: [(name: String, range: Range<Int>)] = []
        /// Failed (part, position) pairs, at `part * (text.count + 1) + position`.
        var failed: [Bool]

        init(text: [Unit], parts: [Part<Unit>]) {
            self.text = text
            self.parts = parts
            failed = Array(repeating: false, count: parts.count * (text.count + 1))
        }

        mutating func matches(part: Int, at position: Int) -> Bool {
            if part == parts.count { return position == text.count }
            let state = part * (text.count + 1) + position
            if failed[state] { return false }
            let found: Bool
            switch parts[part] {
            case .literal(let literal):
                found = hasLiteral(literal, at: position) && matches(part: part + 1, at: position + literal.count)
            case .capture(let name):
                found = matchCapture(name, part: part, at: position)
            }
            if !found { failed[state] = true }
            return found
        }

        private mutating func matchCapture(_ name: String, part: Int, at start: Int) -> Bool {
            let isLast = part + 1 == parts.count
            // The first non-whitespace character: a capture must reach at least this far.
            guard let content = text[start...].firstIndex(where: { !$0.isWhitespace }) else {
                return false
            }
            // A literal next must start where the capture ends: other ends need no try.
            var next: [Unit]?
            if !isLast, case .literal(let literal) = parts[part + 1] { next = literal }
            var end = isLast ? text.count : content + 1
            while end <= text.count {
                if let next, !hasLiteral(next, at: end) {
                    end += 1
                    continue
                }
                let mark = captures.count
                captures.append((name, start..<end))
                if matches(part: part + 1, at: end) { return true }
                captures.removeSubrange(mark...)
                end += 1
            }
            return false
        }

        private func hasLiteral(_ literal: [Unit], at position: Int) -> Bool {
            guard position + literal.count <= text.count else { return false }
            return text[position..<(position + literal.count)].elementsEqual(literal)
        }
    }
}

/// What ``PatternMatcher`` compares: `Character`s, or the bytes of ASCII text.
private protocol PatternUnit: Equatable {
    var isWhitespace: Bool { get }
    /// `%`.
    var isPercent: Bool { get }
    /// A letter, digit or `_`: what a capture name is made of.
    var isNameCharacter: Bool { get }
    /// The text of a run of units.
    static func string(_ units: ArraySlice<Self>) -> String
}

extension Character: PatternUnit {
    fileprivate var isPercent: Bool { self == "%" }
    fileprivate var isNameCharacter: Bool {
        if let ascii = asciiValue { return ascii.isNameCharacter }
        return isLetter || isNumber
    }
    fileprivate static func string(_ units: ArraySlice<Character>) -> String { String(units) }
}

extension UInt8: PatternUnit {
    /// ASCII whitespace, as `Character.isWhitespace` answers for these bytes.
    fileprivate var isWhitespace: Bool { self == 0x20 || (0x09...0x0D).contains(self) }
    fileprivate var isPercent: Bool { self == UInt8(ascii: "%") }
    /// The ASCII answers of `Character.isLetter`, `isNumber` and `_`.
    fileprivate var isNameCharacter: Bool {
        self == UInt8(ascii: "_") || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z"))
            || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
    }
    fileprivate static func string(_ units: ArraySlice<UInt8>) -> String { String(decoding: units, as: UTF8.self) }
}
