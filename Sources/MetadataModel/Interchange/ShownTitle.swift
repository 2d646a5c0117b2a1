extension ScoreMetadata {
    /// The title forScore shows for a score in file `filename`: the Title, or else the file
    /// name minus its `.pdf` extension (open-in.txt: "Title may be provided, otherwise the
    /// filename (minus the .pdf extension) will be used").
    ///
    /// The extension is matched case-insensitively (`Score.PDF` → `Score`); other extensions
    /// are kept. Used for CSV Title cells, 4SS `title` attributes and sorting by title.
    ///
    /// - Parameter filename: The file's name in the library, without folders.
    public func shownTitle(filename: String) -> String {
        if let title, !title.isEmpty { return title }
        return Self.stem(of: filename)
    }

    /// `filename` without a trailing `.pdf` in any letter case.
    static func stem(of filename: String) -> String {
        let scalars = Array(filename.unicodeScalars)
        guard scalars.count > 4 else { return filename }
        let suffix = String(String.UnicodeScalarView(scalars[(scalars.count - 4)...]))
        guard suffix.lowercased() == ".pdf" else { return filename }
        return String(String.UnicodeScalarView(scalars[..<(scalars.count - 4)]))
    }
}
