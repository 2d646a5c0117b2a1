/// The tokens of a LilyPond source that the header reader needs: strings, `\commands`,
/// braces, `=`, Scheme expressions (skipped whole) and plain words. Comments (`% …` and
/// `%{ … %}`) are dropped. Total: any text gives tokens, broken text just odd ones.
struct LilyPondTokenizer {
    enum Token: Equatable {
        /// `"…"` or `#"…"`, escapes resolved.
        case string(String)
        /// `\name`, without the backslash (`\\` is the command `\`).
        case command(String)
        case open, close, equals
        /// A Scheme expression after `#` or `$`, other than a string.
        case scheme
        /// Anything else up to white space or one of `{ } " = \ # % $`.
        case word(String)
    }

    /// The most nesting a Scheme expression may have before the rest of it is skipped as text.
    static let maxSchemeDepth = 256

    /// The source in UTF-8. LilyPond's syntax is ASCII: non-ASCII bytes only ever sit inside
    /// words, strings and command names.
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The next token; nil at the end.
    mutating func next() -> Token? {
        skipSpaceAndComments()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            return .open
        case UInt8(ascii: "}"):
            index += 1
            return .close
        case UInt8(ascii: "="):
            index += 1
            return .equals
        case UInt8(ascii: "\""):
            return .string(string())
        case UInt8(ascii: "\\"):
            index += 1
            let start = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            // Name characters end with a letter: `\foo-` is `\foo` then `-`.
            while index > start, bytes[index - 1] == UInt8(ascii: "-") { index -= 1 }
            if index == start, index < bytes.count {
                index += 1
                return .command(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            return .command(String(decoding: bytes[start..<index], as: UTF8.self))
        case UInt8(ascii: "#"), UInt8(ascii: "$"):
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") { return .string(string()) }
            skipScheme()
            return .scheme
        default:
            let start = index
            while index < bytes.count, !Self.endsWord(bytes[index]) { index += 1 }
            return .word(String(decoding: bytes[start..<index], as: UTF8.self))
        }
    }

    /// Letters (any non-ASCII byte counts as part of one) and `-`, as in command names.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), 0x80...: true
        default: false
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: "\\"),
            UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "$"):
            true
        default: isWhitespace(byte)
        }
    }

    private mutating func skipSpaceAndComments() {
        while index < bytes.count {
            if Self.isWhitespace(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "%") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                    index += 2
                    while index < bytes.count,
                        !(bytes[index] == UInt8(ascii: "%") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "}"))
                    {
                        index += 1
                    }
                    index = min(bytes.count, index + 2)
                } else {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                }
            } else {
                return
            }
        }
    }

    /// `"…"` at `index`, with `\"`, `\\`, `\n` and `\t` resolved.
    private mutating func string() -> String {
        index += 1
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                index += 1
                switch bytes[index] {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                default: text.append(bytes[index])
                }
            } else {
                text.append(bytes[index])
            }
            index += 1
        }
        index = min(bytes.count, index + 1)
        return String(decoding: text, as: UTF8.self)
    }

    /// A Scheme datum: a parenthesised list (with its strings, characters and `;` comments), or
    /// an atom up to white space or a closing brace.
    private mutating func skipScheme() {
        while index < bytes.count, [UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: ","), UInt8(ascii: "#")].contains(bytes[index]) {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "(") else {
            while index < bytes.count, !Self.isWhitespace(bytes[index]), bytes[index] != UInt8(ascii: "}"),
                bytes[index] != UInt8(ascii: "{")
            {
                // `#\)` and the like: a character literal may hold any one character.
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                index += 1
            }
            index = min(index, bytes.count)
            return
        }
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("):
                depth += 1
                if depth > Self.maxSchemeDepth { return }
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 {
                    index += 1
                    return
                }
            case UInt8(ascii: "\""):
                _ = string()
                continue
            case UInt8(ascii: ";"):
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            case UInt8(ascii: "#"):
                // `#\(` is a character, not a parenthesis.
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") { index += 2 }
            default:
                break
            }
            index += 1
        }
    }
}
