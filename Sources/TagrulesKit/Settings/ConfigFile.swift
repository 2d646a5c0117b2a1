import MetadataModel

/// The config file, `$XDG_CONFIG_HOME/tagrules/config.toml` (by default
/// `~/.config/tagrules/config.toml`): defaults people would otherwise retype, in a small subset
/// of TOML.
///
/// ```toml
/// # rules folders, layered in this order ("builtin": the shipped rules)
/// rules = ["builtin", "~/scores/my-rules"]
/// exclude = ["*.draft.pdf", "Archive"]
/// jobs = 4
/// duration-keyword = "seconds"
/// ```
///
/// One `key = value` per line (an array may span lines); `#` starts a comment; values are
/// strings (`"…"` with TOML's escapes — `\"`, `\\`, `\t`, `\n`, `\uXXXX` … — or `'…'` as written),
/// integers, or arrays of strings. Tables (`[section]`) and other TOML types are refused, as
/// are unknown keys and repeated keys: each with its line, so that a typo never goes unnoticed.
package struct ConfigFile: Sendable, Hashable {
    /// The keys the file may set.
    package enum Key: String, CaseIterable, Sendable {
        case rules, exclude, jobs
        case durationKeyword = "duration-keyword"
    }

    /// A value as written.
    package enum Value: Sendable, Hashable {
        case string(String)
        case integer(Int)
        case strings([String])
    }

    /// One setting and the line it is on.
    package struct Entry: Sendable, Hashable {
        package var value: Value
        package var line: Int
    }

    /// The settings, by key.
    package private(set) var entries: [Key: Entry] = [:]

    /// The largest config file read, in characters: a config file is a few lines.
    static let maximumLength = 1 << 20

    /// A config file that sets nothing.
    package init() {}

    /// Reads `text`.
    ///
    /// - Throws: `ConfigFile.Error` with the line of the first problem.
    package init(parsing text: String) throws(ConfigFile.Error) {
        guard text.utf8.count <= Self.maximumLength else {
            throw Error(line: 1, message: "the file is larger than \(Self.maximumLength >> 20) MiB")
        }
        var reader = Reader(Array(text.unicodeScalars))
        while let line = try reader.nextSetting() {
            guard let key = Key(rawValue: line.key) else {
                let known = Key.allCases.map(\.rawValue).joined(separator: ", ")
                throw Error(line: line.line, message: "unknown key '\(line.key)' (known: \(known))")
            }
            if let first = entries[key] {
                throw Error(line: line.line, message: "'\(key.rawValue)' is set twice (first on line \(first.line))")
            }
            try Self.check(line.value, for: key, line: line.line)
            entries[key] = Entry(value: line.value, line: line.line)
        }
    }

    /// The strings of a list key (`rules`, `exclude`): an array, or one string.
    package func strings(_ key: Key) -> (values: [String], line: Int)? {
        guard let entry = entries[key] else { return nil }
        switch entry.value {
        case .strings(let values): return (values, entry.line)
        case .string(let value): return ([value], entry.line)
        case .integer: return nil
        }
    }

    /// The value of a string key.
    package func string(_ key: Key) -> (value: String, line: Int)? {
        guard let entry = entries[key], case .string(let value) = entry.value else { return nil }
        return (value, entry.line)
    }

    /// The value of an integer key.
    package func integer(_ key: Key) -> (value: Int, line: Int)? {
        guard let entry = entries[key], case .integer(let value) = entry.value else { return nil }
        return (value, entry.line)
    }

    /// Refuses a value of the wrong type for `key`, or out of its range.
    private static func check(_ value: Value, for key: Key, line: Int) throws(ConfigFile.Error) {
        switch (key, value) {
        case (.rules, .string), (.rules, .strings), (.exclude, .string), (.exclude, .strings):
            if case .strings(let values) = value, values.contains(where: \.isEmpty) {
                throw Error(line: line, message: "'\(key.rawValue)' holds an empty string")
            }
        case (.jobs, .integer(let jobs)):
            guard jobs >= 1 else { throw Error(line: line, message: "'jobs' must be at least 1 (got \(jobs))") }
        case (.durationKeyword, .string(let keyword)):
            guard DurationKeyword(rawValue: keyword) != nil else {
                throw Error(line: line, message: "'duration-keyword' must be \"duration\" or \"seconds\" (got \"\(keyword)\")")
            }
        case (.jobs, _):
            throw Error(line: line, message: "'jobs' must be a whole number, like jobs = 4")
        case (.durationKeyword, _):
            throw Error(line: line, message: "'duration-keyword' must be a string, like duration-keyword = \"seconds\"")
        default:
            throw Error(line: line, message: "'\(key.rawValue)' must be a string or an array of strings, like \(key.rawValue) = [\"…\"]")
        }
    }

    /// A problem in the config file: its line and what is wrong, lowercase.
    package struct Error: Swift.Error, Sendable, Hashable {
        package var line: Int
        package var message: String
    }
}

extension ConfigFile {
    /// Reads the subset of TOML `ConfigFile` takes, one setting at a time.
    private struct Reader {
        let text: [Unicode.Scalar]
        var position = 0
        var line = 1

        init(_ text: [Unicode.Scalar]) {
            self.text = text
        }

        /// The next `key = value`, or nil at the end of the text.
        mutating func nextSetting() throws(ConfigFile.Error) -> (key: String, value: Value, line: Int)? {
            skipBlankAndComments()
            guard position < text.count else { return nil }
            let start = line
            if text[position] == "[" {
                throw Error(line: start, message: "tables ([section]) are not supported; write key = value lines")
            }
            let key = readKey()
            guard !key.isEmpty else { throw Error(line: start, message: "expected a key, like jobs = 4") }
            skipSpaces()
            guard position < text.count, text[position] == "=" else {
                throw Error(line: start, message: "expected '=' after '\(key)'")
            }
            position += 1
            skipSpaces()
            let value = try readValue()
            skipSpaces()
            skipComment()
            guard position >= text.count || text[position] == "\n" || text[position] == "\r" else {
                throw Error(line: line, message: "unexpected text after the value of '\(key)'")
            }
            return (key, value, start)
        }

        private mutating func readKey() -> String {
            var key = ""
            while position < text.count, Self.isKeyScalar(text[position]) {
                key.unicodeScalars.append(text[position])
                position += 1
            }
            return key
        }

        private static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
            default: false
            }
        }

        private mutating func readValue() throws(ConfigFile.Error) -> Value {
            guard position < text.count else { throw Error(line: line, message: "expected a value") }
            switch text[position] {
            case "\"", "'":
                return .string(try readString())
            case "[":
                return .strings(try readArray())
            case "0"..."9", "-", "+":
                return .integer(try readInteger())
            default:
                throw Error(line: line, message: "expected a value: a \"string\", a whole number or an array [\"…\"]")
            }
        }

        private mutating func readInteger() throws(ConfigFile.Error) -> Int {
            var digits = ""
            while position < text.count, "0123456789-+_".unicodeScalars.contains(text[position]) {
                if text[position] != "_" { digits.unicodeScalars.append(text[position]) }
                position += 1
            }
            guard let value = Int(digits) else { throw Error(line: line, message: "'\(digits)' is not a whole number") }
            return value
        }

        private mutating func readArray() throws(ConfigFile.Error) -> [String] {
            let start = line
            position += 1  // [
            var values: [String] = []
            while true {
                skipBlankAndComments()
                guard position < text.count else { throw Error(line: start, message: "the array is not closed with ']'") }
                if text[position] == "]" {
                    position += 1
                    return values
                }
                guard text[position] == "\"" || text[position] == "'" else {
                    throw Error(line: line, message: "arrays hold strings only, like [\"a\", \"b\"]")
                }
                values.append(try readString())
                skipBlankAndComments()
                guard position < text.count else { throw Error(line: start, message: "the array is not closed with ']'") }
                if text[position] == "," { position += 1 } else if text[position] != "]" {
                    throw Error(line: line, message: "expected ',' or ']' in the array")
                }
            }
        }

        private mutating func readString() throws(ConfigFile.Error) -> String {
            let quote = text[position]
            position += 1
            var value = ""
            while position < text.count {
                let scalar = text[position]
                position += 1
                if scalar == quote { return value }
                if scalar == "\n" { break }
                if scalar == "\\" && quote == "\"" {
                    value.unicodeScalars.append(try readEscape())
                } else {
                    value.unicodeScalars.append(scalar)
                }
            }
            throw Error(line: line, message: "the string is not closed with \(quote) on its line")
        }

        private mutating func readEscape() throws(ConfigFile.Error) -> Unicode.Scalar {
            guard position < text.count else { throw Error(line: line, message: "the string ends in a lone '\\'") }
            let scalar = text[position]
            position += 1
            switch scalar {
            case "\"": return "\""
            case "\\": return "\\"
            case "t": return "\t"
            case "n": return "\n"
            case "r": return "\r"
            case "b": return "\u{08}"
            case "f": return "\u{0C}"
            case "u", "U":
                let count = scalar == "u" ? 4 : 8
                guard position + count <= text.count,
                    let code = UInt32(String(String.UnicodeScalarView(text[position..<(position + count)])), radix: 16),
                    let decoded = Unicode.Scalar(code)
                else { throw Error(line: line, message: "'\\\(scalar)' needs \(count) hexadecimal digits of a character") }
                position += count
                return decoded
            default:
                throw Error(line: line, message: "unknown escape '\\\(scalar)' (use \\\\ for a backslash)")
            }
        }

        private mutating func skipSpaces() {
            while position < text.count, text[position] == " " || text[position] == "\t" { position += 1 }
        }

        private mutating func skipComment() {
            guard position < text.count, text[position] == "#" else { return }
            while position < text.count, text[position] != "\n" { position += 1 }
        }

        /// Skips spaces, line ends and comments.
        private mutating func skipBlankAndComments() {
            while position < text.count {
                switch text[position] {
                case " ", "\t", "\r": position += 1
                case "\n": position += 1; line += 1
                case "#": skipComment()
                default: return
                }
            }
        }
    }
}
