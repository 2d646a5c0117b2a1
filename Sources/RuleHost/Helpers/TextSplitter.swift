/// Splits a list held in one string, as forScore does with Author, Subject and Keywords
/// ("split on `,` and trim whitespace and newlines from each piece", forscore-notes.md).
///
/// This is the function behind the Lua helper `tagrules.split(s, sep)`.
public enum TextSplitter {
    /// Splits `text` at every occurrence of `separator`, trims whitespace and newlines from
    /// each piece and drops the pieces that are then empty.
    ///
    /// - Parameters:
    ///   - text: The text to split.
    ///   - separator: The literal separator (not a pattern). An empty separator does not
    ///     split: the result is the trimmed text alone (or nothing when it is blank).
    /// - Returns: The non-empty, trimmed pieces in their original order.
    public static func split(_ text: String, separator: String) -> [String] {
        let pieces: [Substring]
        if separator.isEmpty {
            pieces = [text[...]]
        } else {
            pieces = text.split(separator: separator, omittingEmptySubsequences: false)
        }
        return pieces.compactMap { piece in
            let trimmed = trim(piece)
            return trimmed.isEmpty ? nil : String(trimmed)
        }
    }

    /// Removes leading and trailing whitespace and newlines.
    static func trim(_ text: Substring) -> Substring {
        // Text that starts and ends with a visible ASCII character has nothing to trim: an ASCII
        // scalar is never the tail of a longer Character except "\r\n", which is whitespace.
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return text
        }
        guard let start = text.firstIndex(where: { !$0.isWhitespace }),
            let end = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return text[start...end]
    }
}
