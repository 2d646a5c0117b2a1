import MetadataModel

/// Reads what a LilyPond source says about the score into a ``NotationSource``: its `\header`
/// fields (plain strings and `\markup`), and the first `\key`, `\time` and `\tempo`, with note
/// names in the input language in force there (`\language "english"`, or the older
/// `\include "english.ly"`; Dutch by default, as in LilyPond).
///
/// It reads the text as written, without running it: variables are not expanded, so the
/// "first" key is the first one in the file, wherever it is defined. `\include "file.ly"` is
/// read where it stands when `include` gives the file's text (a Mutopia part keeps its header in
/// `defs.ly`), at most ``maxIncludeDepth`` deep.
enum LilyPondReader {
    /// How deep included files may include others.
    static let maxIncludeDepth = 4

    /// The fields of `source` that `text` states; `include` gives the text of an included file
    /// by the name the source writes, or nil when there is none.
    static func read(_ text: String, into source: inout NotationSource, include: (String) -> String? = { _ in nil }) {
        var reader = Reader()
        reader.read(text, depth: 0, include: include)
        let header = reader.header
        source.title = header["title"]
        source.subtitle = header["subtitle"]
        source.movement = header["piece"].flatMap { $0 == source.title ? nil : $0 }
        source.composers = header["composer"].map { [$0] } ?? []
        source.lyricists = (header["poet"] ?? header["lyricist"]).map { [$0] } ?? []
        source.arrangers = header["arranger"].map { [$0] } ?? []
        source.opus = header["opus"]
        if let key = reader.key {
            source.keysf = KeySignature.keysf(key.fifths)
            source.keymi = KeySignature.keymi(mode: key.mode)
        }
        source.time = reader.time
        source.tempo = reader.tempo
        if let instrument = header["instrument"] { source.parts = [NotationSource.Part(instrument: instrument)] }
    }

    /// One pass over the tokens.
    private struct Reader {
        private var tokens = LilyPondTokenizer("")
        /// Header fields, the first header's value winning.
        var header: [String: String] = [:]
        var key: (fifths: Int, mode: String)?
        var time: String?
        var tempo: NotationSource.Tempo?
        private var language = "nederlands"
        private var lookahead: LilyPondTokenizer.Token?
        /// The most tokens read: a bound on work for any input.
        private var budget = 2_000_000

        private mutating func next() -> LilyPondTokenizer.Token? {
            guard budget > 0 else { return nil }
            budget -= 1
            if let token = lookahead {
                lookahead = nil
                return token
            }
            return tokens.next()
        }

        private mutating func peek() -> LilyPondTokenizer.Token? {
            if lookahead == nil { lookahead = next() }
            return lookahead
        }

        /// Reads `text`, then goes on with the text that included it.
        mutating func read(_ text: String, depth: Int, include: (String) -> String?) {
            let outer = (tokens, lookahead)
            (tokens, lookahead) = (LilyPondTokenizer(text), nil)
            defer { (tokens, lookahead) = outer }
            while let token = next() {
                guard case .command(let name) = token else { continue }
                switch name {
                case "header": readHeader()
                case "language":
                    if case .string(let name)? = peek() { language = name }
                case "include":
                    guard case .string(let file)? = peek() else { break }
                    _ = next()
                    // `\include "english.ly"`: the note-name files of LilyPond before 2.14.
                    if file.hasSuffix(".ly"), LilyPondNoteNames.tables[String(file.dropLast(3))] != nil {
                        language = String(file.dropLast(3))
                    } else if depth < LilyPondReader.maxIncludeDepth, let text = include(file) {
                        read(text, depth: depth + 1, include: include)
                    }
                case "key" where key == nil: readKey()
                case "time" where time == nil: readTime()
                case "tempo" where tempo == nil: readTempo()
                default: break
                }
            }
        }

        /// `\header { field = value … }`.
        private mutating func readHeader() {
            guard peek() == .open else { return }
            _ = next()
            while let token = next() {
                switch token {
                case .close: return
                case .word(let field):
                    guard peek() == .equals else { continue }
                    _ = next()
                    if let value = readValue().flatMap(NotationText.nonBlank), header[field] == nil {
                        header[field] = value
                    }
                default: continue
                }
            }
        }

        /// A header value: a string, a word, or a markup.
        private mutating func readValue() -> String? {
            switch next() {
            case .string(let text)?: return text
            case .word(let word)?: return word
            case .command("markup")?, .command("markuplist")?: return readMarkup()
            default: return nil
            }
        }

        /// One markup expression's words, joined by spaces: the strings and words in it, the
        /// commands that draw an accidental as the sign, other commands and Scheme left out.
        private mutating func readMarkup(depth: Int = 0) -> String? {
            // A closing brace ends the enclosing group: it is the caller's to read. Any other
            // token is consumed, so that every call makes progress; past 64 levels it is dropped.
            guard let token = peek(), token != .close else { return nil }
            _ = next()
            guard depth < 64 else {
                if token == .open { skipGroup() }
                return nil
            }
            switch token {
            case .string(let text): return text
            case .word(let word): return word
            case .open:
                var words: [String] = []
                while let token = peek(), token != .close {
                    if let text = readMarkup(depth: depth + 1) { words.append(text) }
                }
                _ = next()
                return words.isEmpty ? nil : words.joined(separator: " ")
            case .command(let name):
                if let sign = Self.signs[name] { return sign }
                // A command's markup argument follows its Scheme arguments.
                while peek() == .scheme { _ = next() }
                return readMarkup(depth: depth + 1)
            default:
                return nil
            }
        }

        /// Reads past the rest of a group whose `{` was just read, nested groups included.
        private mutating func skipGroup() {
            var depth = 1
            while depth > 0, let token = next() {
                if token == .open { depth += 1 } else if token == .close { depth -= 1 }
            }
        }

        private static let signs = ["flat": "♭", "sharp": "♯", "natural": "♮", "doubleflat": "𝄫", "doublesharp": "𝄪"]

        /// `\key pitch \mode`.
        private mutating func readKey() {
            guard case .word(let word)? = peek() else { return }
            _ = next()
            guard case .command(let mode)? = peek(), let offset = KeySignature.fifthsOffset(mode: mode) else { return }
            _ = next()
            let name = String(word.prefix { !"',!?".contains($0) })
            guard let pitch = LilyPondPitch(name, language: language) else { return }
            key = (pitch.majorFifths + offset, mode)
        }

        /// `\time n/d`, after any beat grouping (`\time 2,2,3 7/8`, `\time #'(2 2 3) 7/8`).
        private mutating func readTime() {
            for _ in 0..<3 {
                switch peek() {
                case .scheme?:
                    _ = next()
                case .word(let word)?:
                    _ = next()
                    let parts = word.split(separator: "/")
                    if parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }) {
                        time = word
                        return
                    }
                default:
                    return
                }
            }
        }

        /// `\tempo "Text"`, `\tempo 4 = 120`, `\tempo "Text" 4. = 60`, `\tempo \markup {…} 2 = 60-66`.
        private mutating func readTempo() {
            var text: String?
            switch peek() {
            case .string(let words)?:
                _ = next()
                text = NotationText.nonBlank(words)
            case .command("markup")?:
                _ = next()
                text = readMarkup().flatMap(NotationText.nonBlank)
            default:
                break
            }
            var quarters: Double?
            var unit: Double?
            switch peek() {
            case .word(let duration)?:
                let dots = duration.reversed().prefix { $0 == "." }.count
                unit = Int(duration.dropLast(dots)).flatMap(NoteValue.quarters(ofDuration:)).map { NoteValue.dotted($0, dots: dots) }
            case .command("breve")?:
                unit = 8
            default:
                break
            }
            if let unit {
                _ = next()
                if peek() == .equals {
                    _ = next()
                    if case .word(let number)? = peek() {
                        _ = next()
                        let first = number.prefix { $0.isNumber || $0 == "." }
                        quarters = Double(first).map { $0 * unit }
                    }
                }
            }
            if text != nil || quarters != nil { tempo = NotationSource.Tempo(text: text, quarterNotesPerMinute: quarters) }
        }
    }
}

/// A LilyPond pitch name in one input language (``LilyPondNoteNames``).
struct LilyPondPitch {
    /// 0 for C … 6 for B.
    let step: Int
    /// In semitones.
    let alteration: Int

    /// The pitch `name` names in `language`; nil when it names none (or a quarter tone).
    init?(_ name: String, language: String) {
        guard let pitch = Self.tables[language]?[name] else { return nil }
        self = pitch
    }

    private init(step: Int, alteration: Int) {
        self.step = step
        self.alteration = alteration
    }

    /// The key signature of the major key on this tonic, in fifths (C 0, G 1, F −1, B♭ −2).
    var majorFifths: Int {
        [0, 2, 4, -1, 1, 3, 5][step] + 7 * alteration
    }

    /// ``LilyPondNoteNames/tables`` read into dictionaries, once.
    private static let tables: [String: [String: LilyPondPitch]] = LilyPondNoteNames.tables.mapValues { table in
        var names: [String: LilyPondPitch] = [:]
        for entry in table.split(separator: " ") {
            let fields = entry.split(separator: ":")
            guard fields.count == 3, let step = Int(fields[1]), let alteration = Int(fields[2]) else { continue }
            names[String(fields[0])] = LilyPondPitch(step: step, alteration: alteration)
        }
        return names
    }
}
