extension Setlist {
    /// The 4SS file: UTF-8 XML laid out exactly as file-types.txt shows it.
    ///
    /// ```xml
    /// <?xml version="1.0" encoding="UTF-8" ?>
    /// <forScore kind="setlist" version="1.0" title="My New Setlist">
    /// <score title="Score Title" path="filename.pdf" data="..." />
    /// <bookmark title="Bookmark Title" path="another_filename.pdf" />
    /// <placeholder title="A New Placeholder" />
    /// </forScore>
    /// ```
    ///
    /// One element per line in the page's attribute order (`title`, `path`, `data`), LF line
    /// ends, a final LF. A score's `title` and `data` are left out when `nil`. In attribute
    /// values `&`, `<`, `>` and `"` become entities and tab, LF and CR character references
    /// (XML 1.0 §3.3.3 would otherwise turn them into spaces); characters XML cannot carry at
    /// all (other C0 controls, U+FFFE, U+FFFF) become U+FFFD. `data` is padded Base64 on one
    /// line (``Base64``).
    public var xml: String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n"
        xml += "<forScore kind=\"setlist\" version=\"1.0\"\(Self.attribute("title", title))>\n"
        for entry in entries {
            switch entry {
            case .score(let path, let title, let data):
                xml += "<score"
                if let title { xml += Self.attribute("title", title) }
                xml += Self.attribute("path", path)
                if let data { xml += " data=\"" + Base64.encode(data) + "\"" }
                xml += " />\n"
            case .bookmark(let path, let title):
                xml += "<bookmark\(Self.attribute("title", title))\(Self.attribute("path", path)) />\n"
            case .placeholder(let title):
                xml += "<placeholder\(Self.attribute("title", title)) />\n"
            }
        }
        return xml + "</forScore>\n"
    }

    /// ` name="escaped value"`.
    private static func attribute(_ name: String, _ value: String) -> String {
        " \(name)=\"\(XMLEscaping.escaped(value))\""
    }
}
