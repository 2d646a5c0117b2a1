import Foundation
import MetadataModel

/// Reading and writing the exchange files themselves, and the helpers every exchange command
/// needs: file names, Foundation's text folds.
package enum InterchangeFiles {
    /// The largest CSV or 4SS file read: forScore's exports of large libraries are a few MiB
    /// (a 4SS with embedded PDFs more); anything past this is not one, and reading it whole
    /// could exhaust memory.
    static let maximumFileSize = 256 << 20

    /// The text of a CSV or 4SS file, which must be a regular file of at most `maximumFileSize`
    /// bytes in UTF-8 (a byte order mark is left for the decoders, which drop it).
    ///
    /// - Throws: `CLIError` (`unreadable-input`) naming the path.
    package static func readText(_ path: String) throws(CLIError) -> String {
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path) {
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw CLIError(.unreadableInput, "not a regular file", path: path)
            }
            if let size = attributes[.size] as? Int, size > maximumFileSize {
                throw CLIError(.unreadableInput, "the file is larger than \(maximumFileSize >> 20) MiB, too large for a forScore export", path: path)
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw CLIError(.unreadableInput, exists ? "cannot read the file" : "no such file", path: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError(.unreadableInput, "the file is not UTF-8 text; save it as UTF-8", path: path)
        }
        return text
    }

    /// Writes `text` to `path` (as `OutputFile` writes), or to standard output when `path` is nil.
    ///
    /// - Throws: `CLIError` (`output-failed`) naming the path.
    package static func write(_ text: String, to path: String?) throws(CLIError) {
        guard let path else {
            Terminal.writeOutput(text)
            return
        }
        try OutputFile.write(Array(text.utf8), to: path, what: "the file")
    }

    /// The last component of `path`: the name forScore knows the file by (its library is one
    /// flat folder).
    package static func fileName(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}

extension TextFolding {
    /// Foundation's case and diacritics folds, as forScore (on Apple's Foundation) compares.
    package static let foundation = TextFolding(
        caseInsensitive: { $0.folding(options: [.caseInsensitive], locale: nil) },
        caseAndDiacriticInsensitive: { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) })
}
