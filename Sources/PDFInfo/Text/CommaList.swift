/// The one rule PDFInfo uses to turn a comma-separated Info value into list items (the
/// /AAPL:Keywords array, dc:creator, dc:subject): split at every `,`, trim white space and
/// line ends (Unicode's, as `Character.isWhitespace` answers), drop empty pieces.
enum CommaList {
    /// The items of `text`, in order.
    static func split(_ text: String) -> [String] {
        // U+002C is the byte 0x2C in UTF-8 and never part of another scalar.
        text.utf8.split(separator: UInt8(ascii: ",")).compactMap { piece in
            let piece = Substring(piece)
            guard let first = piece.firstIndex(where: { !$0.isWhitespace }),
                let last = piece.lastIndex(where: { !$0.isWhitespace })
            else { return nil }
            return String(piece[first...last])
        }
    }
}
