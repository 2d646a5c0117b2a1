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

    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The next token; nil at the end.
    mutating func next() -> Token? {
        skipSpaceAndComments()
        guard index < scalars.count else { return nil }
        let scalar = scalars[index]
        switch scalar {
        case "{":
            index += 1
            return .open
        case "}":
            index += 1
            return .close
        case "=":
            index += 1
            return .equals
        case "\"":
            return .string(string())
        case "\\":
            index += 1
            let start = index
            while index < scalars.count, scalars[index].properties.isAlphabetic || scalars[index] == "-" { index += 1 }
            // Name characters end with a letter: `\foo-` is `\foo` then `-`.
            while index > start, scalars[index - 1] == "-" { index -= 1 }
            if index == start, index < scalars.count {
                index += 1
                return .command(String(scalars[start]))
            }
            return .command(String(String.UnicodeScalarView(scalars[start..<index])))
        case "#", "$":
            index += 1
            if index < scalars.count, scalars[index] == "\"" { return .string(string()) }
            skipScheme()
            return .scheme
        default:
            let start = index
            while index < scalars.count, !Self.endsWord(scalars[index]) { index += 1 }
            return .word(String(String.UnicodeScalarView(scalars[start..<index])))
        }
    }

    private static func endsWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || "{}\"=\\#%$".unicodeScalars.contains(scalar)
    }

    private mutating func skipSpaceAndComments() {
        while index < scalars.count {
            if scalars[index].properties.isWhitespace {
                index += 1
            } else if scalars[index] == "%" {
                if index + 1 < scalars.count, scalars[index + 1] == "{" {
                    index += 2
                    while index < scalars.count, !(scalars[index] == "%" && index + 1 < scalars.count && scalars[index + 1] == "}") {
                        index += 1
                    }
                    index = min(scalars.count, index + 2)
                } else {
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                }
            } else {
                return
            }
        }
    }

    /// `"…"` at `index`, with `\"`, `\\`, `\n` and `\t` resolved.
    private mutating func string() -> String {
        index += 1
        var text = String.UnicodeScalarView()
        while index < scalars.count, scalars[index] != "\"" {
            if scalars[index] == "\\", index + 1 < scalars.count {
                index += 1
                switch scalars[index] {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(scalars[index])
                }
            } else {
                text.append(scalars[index])
            }
            index += 1
        }
        index = min(scalars.count, index + 1)
        return String(text)
    }

    /// A Scheme datum: a parenthesised list (with its strings, characters and `;` comments), or
    /// an atom up to white space or a closing brace.
    private mutating func skipScheme() {
        while index < scalars.count, "'`,#".unicodeScalars.contains(scalars[index]) { index += 1 }
        guard index < scalars.count, scalars[index] == "(" else {
            while index < scalars.count, !scalars[index].properties.isWhitespace, scalars[index] != "}",
                scalars[index] != "{"
            {
                // `#\)` and the like: a character literal may hold any one character.
                if scalars[index] == "\\" { index += 1 }
                index += 1
            }
            index = min(index, scalars.count)
            return
        }
        var depth = 0
        while index < scalars.count {
            switch scalars[index] {
            case "(":
                depth += 1
                if depth > Self.maxSchemeDepth { return }
            case ")":
                depth -= 1
                if depth == 0 {
                    index += 1
                    return
                }
            case "\"":
                _ = string()
                continue
            case ";":
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                continue
            case "#":
                // `#\(` is a character, not a parenthesis.
                if index + 2 < scalars.count, scalars[index + 1] == "\\" { index += 2 }
            default:
                break
            }
            index += 1
        }
    }
}
