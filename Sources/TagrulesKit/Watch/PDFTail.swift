import Foundation

/// Whether a PDF looks finished: its last bytes are the end-of-file marker (ISO 32000-1 §7.5.5:
/// "the last line of the file shall contain only the end-of-file marker, %%EOF").
///
/// Writers pad: white space and NUL bytes after the marker are tolerated, and the marker is
/// looked for in the last 1 KiB, as readers do. A file still being written almost never ends
/// with the marker: it is the last thing a PDF writer emits.
enum PDFTail {
    /// How far from the end the marker may be.
    static let window = 1024

    /// Whether the file at `path` ends with `%%EOF`; false when it cannot be read.
    static func isComplete(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        do {
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: size > UInt64(window) ? size - UInt64(window) : 0)
            return endsWithMarker(Array(try handle.readToEnd() ?? Data()))
        } catch {
            return false
        }
    }

    /// Whether `tail` ends with `%%EOF` followed only by white space (ISO 32000-1 §7.2.3: NUL,
    /// tab, line feed, form feed, carriage return, space).
    static func endsWithMarker(_ tail: [UInt8]) -> Bool {
        let padding: Set<UInt8> = [0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20]
        guard let last = tail.lastIndex(where: { !padding.contains($0) }) else { return false }
        let marker = Array("%%EOF".utf8)
        let end = last + 1
        return end >= marker.count && Array(tail[(end - marker.count)..<end]) == marker
    }
}
