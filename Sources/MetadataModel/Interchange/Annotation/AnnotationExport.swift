/// Open In annotation dictionaries as text, for app developers who send scores to forScore
/// (open-in.txt): JSON, or an XML property list they can load straight into an
/// `NSDictionary` for `UIDocumentInteractionController.annotation`.
///
/// Keys come in open-in.txt's table order — `title`, `composers`, `genres`, `tags`, `labels`,
/// `rating`, `difficulty`, `duration`, `keysf`, `keymi` — and any other keys after them in
/// code-point order, so the output is the same on every run. Lists are comma-joined strings
/// and numbers are numbers, as ``OpenInAnnotation/init(_:)`` builds them.
public enum AnnotationExport {
    /// One file's annotation.
    public struct File: Sendable, Hashable {
        /// The file's name or path, as the caller wants it shown.
        public var file: String
        /// Its annotation.
        public var annotation: OpenInAnnotation

        /// Creates a file's annotation.
        public init(file: String, annotation: OpenInAnnotation) {
            self.file = file
            self.annotation = annotation
        }
    }

    /// One annotation as a JSON object, two-space indented, ending in a newline:
    /// `{ "title": "Nocturne", "rating": 5 }` over several lines.
    public static func json(_ annotation: OpenInAnnotation) -> String {
        ExportValue(annotation).json(indent: "") + "\n"
    }

    /// Several files as a JSON array of `{"file": …, "annotation": {…}}` objects, in the
    /// given order (an array, not an object keyed by name, so equal names stay distinct).
    public static func json(_ files: [File]) -> String {
        ExportValue.files(files).json(indent: "") + "\n"
    }

    /// One annotation as an XML property list (Apple's PropertyList-1.0 DTD, tab-indented):
    /// a `dict` of `string` and `integer` values.
    public static func propertyList(_ annotation: OpenInAnnotation) -> String {
        ExportValue.propertyListDocument(ExportValue(annotation))
    }

    /// Several files as an XML property list: an `array` of `dict`s with the keys `file` and
    /// `annotation`.
    public static func propertyList(_ files: [File]) -> String {
        ExportValue.propertyListDocument(.files(files))
    }
}

/// The small value tree both formats render.
enum ExportValue {
    case string(String)
    case integer(Int)
    case dictionary([(key: String, value: ExportValue)])
    case array([ExportValue])

    /// The annotation's entries in open-in.txt's order, then other keys in code-point order.
    init(_ annotation: OpenInAnnotation) {
        let known = MetadataField.allCases.map(\.rawValue)
        let others = annotation.dictionary.keys.filter { !known.contains($0) }.sorted {
            $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars)
        }
        self = .dictionary(
            (known + others).compactMap { key in
                annotation.dictionary[key].map { value in
                    switch value {
                    case .string(let text): (key, .string(text))
                    case .number(let number): (key, .integer(number))
                    }
                }
            })
    }

    static func files(_ files: [AnnotationExport.File]) -> ExportValue {
        .array(files.map { .dictionary([("file", .string($0.file)), ("annotation", ExportValue($0.annotation))]) })
    }
}
