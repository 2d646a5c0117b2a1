/// One lexical token of PDF syntax (ISO 32000-1 §7.2, §7.3).
enum Token: Equatable {
    case integer(Int)
    case real(Double)
    case string([UInt8])
    case name(PDFName)
    /// A bare word: `obj`, `endobj`, `stream`, `R`, `true`, `null`, `xref`, `trailer`, …
    /// (a String: these are short, so they live inline without a heap allocation).
    case keyword(String)
    case arrayOpen
    case arrayClose
    case dictionaryOpen
    case dictionaryClose
    case endOfInput

    /// Whether this token is the keyword `word`.
    func isKeyword(_ word: String) -> Bool {
        guard case .keyword(let text) = self else { return false }
        return text == word
    }
}
