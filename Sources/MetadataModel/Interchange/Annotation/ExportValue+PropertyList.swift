extension ExportValue {
    /// A complete XML property list document holding `root`, as Apple's tools write it.
    static func propertyListDocument(_ root: ExportValue) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(root.propertyList(indent: ""))
        </plist>

        """
    }

    /// The value's elements, tab-indented; `indent` is the current line's indentation.
    /// Strings are escaped for element content (`XMLEscaping.escaped(_:inAttribute:)`).
    func propertyList(indent: String) -> String {
        let inner = indent + "\t"
        switch self {
        case .string(let text): return "<string>" + XMLEscaping.escaped(text, inAttribute: false) + "</string>"
        case .integer(let number): return "<integer>\(number)</integer>"
        case .dictionary(let entries):
            guard !entries.isEmpty else { return "<dict/>" }
            let lines = entries.map {
                inner + "<key>" + XMLEscaping.escaped($0.key, inAttribute: false) + "</key>\n"
                    + inner + $0.value.propertyList(indent: inner)
            }
            return "<dict>\n" + lines.joined(separator: "\n") + "\n" + indent + "</dict>"
        case .array(let values):
            guard !values.isEmpty else { return "<array/>" }
            let lines = values.map { inner + $0.propertyList(indent: inner) }
            return "<array>\n" + lines.joined(separator: "\n") + "\n" + indent + "</array>"
        }
    }
}
