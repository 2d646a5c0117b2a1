import Foundation
@testable import RuleHost

/// The tokenizer as it was before its byte-level fast path, kept as a test-only oracle: every
/// character classified through `Character` properties (``KeyTextUnit/flags(of:)``) into an
/// array, and the word rules applied to that array. ``KeyTokenizerOracleTests`` compares
/// ``KeyTokenizer/tokens(_:cache:)`` with it token by token.
enum KeyTokenizerOracle {
    /// A token as plain values, comparable with `==`.
    struct Token: Equatable, CustomStringConvertible {
        let text: String
        let folded: [UInt8]
        let separator: KeyToken.Separator
        let isLowercase: Bool
        let isNumber: Bool

        init(text: String, folded: String, separator: KeyToken.Separator, isLowercase: Bool, isNumber: Bool) {
            (self.text, self.folded, self.separator) = (text, Array(folded.utf8), separator)
            (self.isLowercase, self.isNumber) = (isLowercase, isNumber)
        }

        init(_ token: KeyToken) {
            self.init(
                text: token.text, folded: token.folded, separator: token.separator,
                isLowercase: token.isLowercase, isNumber: token.isNumber)
        }

        var description: String { "\(separator):\(text)/\(String(decoding: folded, as: UTF8.self))" }
    }

    private struct Unit {
        let character: Character
        let flags: KeyTextUnit.Flags
        func has(_ flag: KeyTextUnit.Flags) -> Bool { flags.contains(flag) }
    }

    /// The tokens of `text` and whether any character is uppercase.
    static func tokens(_ text: String) -> (tokens: [Token], hasUppercase: Bool) {
        let units = text.map { Unit(character: $0, flags: KeyTextUnit.flags(of: $0)) }
        var tokens: [Token] = []
        var separator = (count: 0, hyphens: 0, hasFilenameMark: false, hasOther: false)
        var wordStart = 0
        var wordLength = 0

        func separatorKind() -> KeyToken.Separator {
            if separator.count == 0 { return .none }
            if separator.hasOther { return .hard }
            if separator.hyphens > 0 { return separator.count == 1 ? .joiner : .hard }
            return separator.hasFilenameMark ? .filename : .space
        }

        func token(_ piece: ArraySlice<Unit>, first: Bool) -> Token {
            let kind: KeyToken.Separator = tokens.isEmpty ? .start : first ? separatorKind() : .none
            let text = String(piece.map(\.character))
            return Token(
                text: text, folded: text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil),
                separator: kind, isLowercase: piece.allSatisfy { !$0.has(.uppercase) },
                isNumber: piece.first!.has(.number))
        }

        func isBoundary(at index: Int, in word: ArraySlice<Unit>) -> Bool {
            let (previous, unit) = (word[index - 1], word[index])
            let next = index + 1 < word.endIndex ? word[index + 1] : nil
            return (previous.has(.number) != unit.has(.number) && !unit.has(.accidental)
                && !unit.has(.apostrophe) && !previous.has(.apostrophe))
                || (previous.has(.lowercase) && unit.has(.uppercase))
                || (previous.has(.uppercase) && unit.has(.uppercase) && next?.has(.lowercase) == true)
                || (previous.has(.accidental) && unit.has(.uppercase))
        }

        func flush() {
            guard wordLength > 0 else { return }
            let word = units[wordStart..<(wordStart + wordLength)]
            var pieceStart = word.startIndex
            for index in word.indices.dropFirst() where isBoundary(at: index, in: word) {
                tokens.append(token(units[pieceStart..<index], first: pieceStart == word.startIndex))
                pieceStart = index
            }
            tokens.append(token(units[pieceStart..<word.endIndex], first: pieceStart == word.startIndex))
            wordLength = 0
            separator = (0, 0, false, false)
        }

        for index in units.indices {
            let unit = units[index]
            let belongs =
                if unit.has(.letter) || unit.has(.number) {
                    true
                } else if unit.has(.accidental) {
                    wordLength > 0 && units[index - 1].has(.letter)
                } else if unit.has(.apostrophe) {
                    wordLength > 0 && units[index - 1].has(.letter) && index + 1 < units.count
                        && units[index + 1].has(.letter)
                } else {
                    false
                }
            if belongs {
                if wordLength == 0 { wordStart = index }
                wordLength += 1
            } else {
                flush()
                separator.count += 1
                if unit.has(.hyphen) {
                    separator.hyphens += 1
                } else if unit.has(.filenameMark) {
                    separator.hasFilenameMark = true
                } else if !unit.has(.whitespace) {
                    separator.hasOther = true
                }
            }
        }
        flush()
        return (tokens, units.contains { $0.has(.uppercase) })
    }
}
