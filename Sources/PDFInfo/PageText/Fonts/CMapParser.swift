/// Reads an embedded CMap stream (ISO 32000-1 §9.7.5.4, §9.10.3; Adobe Technical Note #5014):
/// `begincodespacerange`, `begincidchar`/`begincidrange`, `beginbfchar`/`beginbfrange` (with
/// string or array destinations), `/WMode`, and `usecmap` of Identity-H/V. It is PostScript;
/// the package's `Lexer` splits it into tokens, and whatever else it holds is passed over.
///
/// Input is hostile: the mappings read are capped, and damage ends the reading with what was
/// read until then.
enum CMapParser {
    static let maxMappings = 100_000
    // The operators acted on, made once: a word is compared with each of them.
    private static let beginCodespaceRange: Keyword = "begincodespacerange"
    private static let beginCIDChar: Keyword = "begincidchar"
    private static let beginCIDRange: Keyword = "begincidrange"
    private static let beginBFChar: Keyword = "beginbfchar"
    private static let beginBFRange: Keyword = "beginbfrange"
    private static let define: Keyword = "def"
    private static let useCMap: Keyword = "usecmap"

    /// The CMap in `bytes`.
    static func parse(_ bytes: [UInt8]) -> CMap {
        var cmap = CMap()
        var lexer = Lexer(source: MemoryByteSource(bytes), at: 0)
        // The two tokens before the current one, for `/WMode 1 def` and `/Identity-H usecmap`.
        var beforePrevious: Token?
        var previous: Token?
        var mappings = 0
        func next() -> Token {
            (try? lexer.nextToken()) ?? .endOfInput
        }
        while true {
            let token = next()
            switch token {
            case .endOfInput:
                cmap.cidRanges.sort { $0.low < $1.low }
                cmap.textRanges.sort { $0.low < $1.low }
                return cmap
            case .keyword(Self.beginCodespaceRange):
                while case .string(let low) = next(), case .string(let high) = next() {
                    guard (1...4).contains(low.count), low.count == high.count else { continue }
                    cmap.codespaceRanges.append(CMap.CodespaceRange(low: code(low), high: code(high), length: low.count))
                }
            case .keyword(Self.beginCIDChar):
                while case .string(let source) = next(), case .integer(let cid) = next(), mappings < maxMappings {
                    guard let cid = UInt32(exactly: cid), (1...4).contains(source.count) else { continue }
                    cmap.cidChars[code(source)] = cid
                    mappings += 1
                }
            case .keyword(Self.beginCIDRange):
                while case .string(let low) = next(), case .string(let high) = next(), case .integer(let cid) = next(), mappings < maxMappings {
                    guard let cid = UInt32(exactly: cid), (1...4).contains(low.count), low.count == high.count, code(low) <= code(high) else { continue }
                    cmap.cidRanges.append(CMap.Range(low: code(low), high: code(high), firstCID: cid))
                    mappings += 1
                }
            case .keyword(Self.beginBFChar):
                while case .string(let source) = next(), mappings < maxMappings {
                    let destination = next()
                    guard (1...4).contains(source.count) else { continue }
                    switch destination {
                    case .string(let text): cmap.textChars[code(source)] = CMap.text(utf16: units(text))
                    case .name(let name): if let text = GlyphNames.text(for: name.string) { cmap.textChars[code(source)] = text }
                    default: continue
                    }
                    mappings += 1
                }
            case .keyword(Self.beginBFRange):
                while case .string(let low) = next(), case .string(let high) = next(), mappings < maxMappings {
                    let destination = next()
                    guard (1...4).contains(low.count), low.count == high.count, code(low) <= code(high) else { continue }
                    var range = CMap.Range(low: code(low), high: code(high))
                    switch destination {
                    case .string(let text):
                        range.firstText = units(text)
                    case .arrayOpen:
                        var texts: [String] = []
                        while case .string(let text) = next(), texts.count < maxMappings {
                            texts.append(CMap.text(utf16: units(text)))
                        }
                        range.texts = texts
                    default:
                        continue
                    }
                    cmap.textRanges.append(range)
                    mappings += 1
                }
            case .keyword(Self.define):
                if beforePrevious == .name("WMode"), case .integer(let mode)? = previous {
                    cmap.isVertical = mode == 1
                }
            case .keyword(Self.useCMap):
                if case .name(let name)? = previous, name == "Identity-H" || name == "Identity-V" {
                    let identity = CMap.identity(vertical: name == "Identity-V")
                    if cmap.codespaceRanges.isEmpty { cmap.codespaceRanges = identity.codespaceRanges }
                    cmap.isIdentity = true
                }
            default:
                break
            }
            beforePrevious = previous
            previous = token
        }
    }

    /// A code's bytes as a big-endian number.
    private static func code(_ bytes: [UInt8]) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Big-endian UTF-16 code units from a destination string; an odd last byte stands alone.
    private static func units(_ bytes: [UInt8]) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count + 1) / 2)
        var index = 0
        while index + 1 < bytes.count {
            units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            index += 2
        }
        if index < bytes.count { units.append(UInt16(bytes[index])) }
        return units
    }
}
