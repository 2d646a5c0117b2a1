extension Setlist {
    /// Reads a 4SS file and checks it against file-types.txt's rules.
    ///
    /// Errors (the file is not a setlist forScore can build):
    /// - XML that is not well-formed (``XMLTokenizer``), or a document type declaration;
    /// - a root other than `forScore` with `kind="setlist"` and `version="1.0"`, exactly;
    /// - a missing or empty required attribute: the root's `title`, a score's `path`, a
    ///   bookmark's `path` and `title`, a placeholder's `title`;
    /// - a score `data` that is not padded Base64.
    ///
    /// Tolerated with a warning, as forScore presumably skips what it does not know: unknown
    /// elements (with their content), elements nested in an entry, unknown attributes, text
    /// between elements, an XML declaration naming another encoding. An empty optional score
    /// `title` counts as none.
    ///
    /// - Parameter xml: The file's text (a UTF-8 byte order mark is allowed).
    /// - Returns: The setlist and the warnings, each with its line.
    /// - Throws: ``InterchangeError`` with the line of the offending tag.
    public static func parse(xml: String) throws(InterchangeError) -> (setlist: Setlist, diagnostics: [Diagnostic]) {
        try SetlistParser.parse(xml)
    }
}
