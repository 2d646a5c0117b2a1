/// Splits Lua 5.4 source text into tokens with their lines, for finding where things are in a
/// rule file (Lua keeps no line numbers for table constructors). Pure Swift, no Lua state.
///
/// Comments (`-- …`, `--[[ … ]]`, `--[==[ … ]==]`) are skipped; short strings (with their
/// escapes, `\` before a line break included) and long strings (`[[ … ]]`, `[=[ … ]=]`) are
/// one `string` token each, so braces and words inside them are never seen. Line breaks are
/// counted as Lua counts them (Lua 5.4 `llex.c`, `inclinenumber`): `\n`, `\r`, `\r\n` and
/// `\n\r` are one break each. Text that is not valid Lua still tokenizes, without errors: the
/// tokens are then only as good as the text.
enum LuaTokenizer {
    /// One token and the line it starts on.
    struct Token: Hashable {
        /// What a token is.
        enum Kind: Hashable {
            /// A name or keyword.
            case name
            /// A short or long string literal.
            case string
            /// A numeral.
            case number
            /// Punctuation or an operator: `{`, `=`, `==`, `.`, …; `==`, `~=`, `<=` and `>=` are
            /// one token each, other symbols one per character.
            case symbol
        }

        var kind: Kind
        /// The name or symbol as written; empty for strings and numbers.
        var text: String
        /// The line the token starts on, from 1.
        var line: Int
    }

    /// The tokens of `source`, in order.
    static func tokens(of source: String) -> [Token] {
        var cursor = Cursor(bytes: Array(source.utf8))
        var tokens: [Token] = []
        while let token = cursor.next() { tokens.append(token) }
        return tokens
    }

    /// A position in the source bytes and the line it is on.
    private struct Cursor {
        let bytes: [UInt8]
        var offset = 0
        var line = 1

        /// The next token, skipping whitespace and comments; nil at the end.
        mutating func next() -> Token? {
            while offset < bytes.count {
                let byte = bytes[offset]
                let start = line
                switch byte {
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    skipLineBreak()
                case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
                    offset += 1
                case UInt8(ascii: "-") where peek(1) == UInt8(ascii: "-"):
                    offset += 2
                    if let level = longBracketLevel() { skipLongBracket(level) } else { skipToLineEnd() }
                case UInt8(ascii: "["):
                    guard let level = longBracketLevel() else { return symbol(length: 1, line: start) }
                    skipLongBracket(level)
                    return Token(kind: .string, text: "", line: start)
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    skipShortString(quote: byte)
                    return Token(kind: .string, text: "", line: start)
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    skipNumeral()
                    return Token(kind: .number, text: "", line: start)
                case _ where Self.startsName(byte):
                    let first = offset
                    while offset < bytes.count, Self.startsName(bytes[offset]) || Self.isDigit(bytes[offset]) { offset += 1 }
                    return Token(kind: .name, text: String(decoding: bytes[first..<offset], as: UTF8.self), line: start)
                case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "~"):
                    return symbol(length: peek(1) == UInt8(ascii: "=") ? 2 : 1, line: start)
                default:
                    return symbol(length: 1, line: start)
                }
            }
            return nil
        }

        private func peek(_ distance: Int) -> UInt8? {
            offset + distance < bytes.count ? bytes[offset + distance] : nil
        }

        private mutating func symbol(length: Int, line: Int) -> Token {
            let text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
            offset += length
            return Token(kind: .symbol, text: text, line: line)
        }

        /// Steps over one line break (`\n`, `\r`, `\r\n` or `\n\r`) at `offset`.
        private mutating func skipLineBreak() {
            let first = bytes[offset]
            offset += 1
            if let second = peek(0), second != first, second == UInt8(ascii: "\n") || second == UInt8(ascii: "\r") {
                offset += 1
            }
            line += 1
        }

        private mutating func skipToLineEnd() {
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n"), bytes[offset] != UInt8(ascii: "\r") {
                offset += 1
            }
        }

        /// The level of the opening long bracket (`[`, `=` × level, `[`) at `offset`, if one is there.
        private func longBracketLevel() -> Int? {
            guard peek(0) == UInt8(ascii: "[") else { return nil }
            var level = 0
            while peek(level + 1) == UInt8(ascii: "=") { level += 1 }
            return peek(level + 1) == UInt8(ascii: "[") ? level : nil
        }

        /// Steps over a long string or comment from its opening bracket to its closing one.
        private mutating func skipLongBracket(_ level: Int) {
            offset += level + 2
            while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    skipLineBreak()
                case UInt8(ascii: "]") where closesLongBracket(level):
                    offset += level + 2
                    return
                default:
                    offset += 1
                }
            }
        }

        private func closesLongBracket(_ level: Int) -> Bool {
            (0..<level).allSatisfy { peek($0 + 1) == UInt8(ascii: "=") } && peek(level + 1) == UInt8(ascii: "]")
        }

        /// Steps over a quoted string; an escaped line break counts as a line.
        private mutating func skipShortString(quote: UInt8) {
            offset += 1
            while offset < bytes.count {
                switch bytes[offset] {
                case quote:
                    offset += 1
                    return
                case UInt8(ascii: "\\"):
                    offset += 1
                    guard offset < bytes.count else { return }
                    if bytes[offset] == UInt8(ascii: "\n") || bytes[offset] == UInt8(ascii: "\r") {
                        skipLineBreak()
                    } else {
                        offset += 1
                    }
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    return  // unfinished string: Lua rejects it; end the token here
                default:
                    offset += 1
                }
            }
        }

        /// Steps over a numeral (Lua 5.4 `read_numeral`): digits, letters and dots, and a sign
        /// after an exponent mark (`e`, or `p` in hexadecimal).
        private mutating func skipNumeral() {
            let hexadecimal = peek(0) == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X"))
            let exponents: [UInt8] = hexadecimal ? [UInt8(ascii: "p"), UInt8(ascii: "P")] : [UInt8(ascii: "e"), UInt8(ascii: "E")]
            while offset < bytes.count {
                let byte = bytes[offset]
                if exponents.contains(byte), let sign = peek(1), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                    offset += 2
                } else if Self.startsName(byte) || Self.isDigit(byte) || byte == UInt8(ascii: ".") {
                    offset += 1
                } else {
                    return
                }
            }
        }

        private static func startsName(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
