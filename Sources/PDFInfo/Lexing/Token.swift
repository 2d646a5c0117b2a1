/// One lexical token of PDF syntax (ISO 32000-1 §7.2, §7.3).
enum Token: Equatable {
    case integer(Int)
    case real(Double)
    case string([UInt8])
    case name(PDFName)
    /// A bare word: `obj`, `endobj`, `stream`, `R`, `true`, `null`, `xref`, `trailer`, …
    case keyword([UInt8])
    case arrayOpen
    case arrayClose
    case dictionaryOpen
    case dictionaryClose
    case endOfInput

    /// Whether this token is the keyword `word`.
    func isKeyword(_ word: StaticString) -> Bool {
        guard case .keyword(let bytes) = self else { return false }
        return bytes.count == word.utf8CodeUnitCount
            && word.withUTF8Buffer { bytes.elementsEqual($0) }
    }
}
