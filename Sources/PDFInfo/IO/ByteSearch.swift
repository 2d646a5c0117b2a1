/// Finds byte patterns in a `ByteSource` by reading it in windows, never all at once. The
/// windows are slices of the source's own blocks where they can be (`bytes(in:)`), not copies.
enum ByteSearch {
    private static let windowSize = 64 * 1024

    /// The offset of the first occurrence of `pattern` at or after `start`, searching at most `limit` bytes.
    static func firstOccurrence(of pattern: [UInt8], in source: ByteSource, from start: Int, limit: Int) throws(PDFError) -> Int? {
        precondition(!pattern.isEmpty && pattern.count < windowSize)
        var offset = max(start, 0)
        let end = min(source.count, start.addingReportingOverflow(limit).overflow ? source.count : start + limit)
        while offset < end {
            let window = try source.bytes(in: offset..<min(end, offset + windowSize))
            if let found = firstIndex(of: pattern, in: window) { return offset + (found - window.startIndex) }
            if offset + window.count >= end { return nil }
            offset += window.count - pattern.count + 1
        }
        return nil
    }

    /// The offset of the last occurrence of `pattern` that starts before `end` and at or after `floor`.
    static func lastOccurrence(of pattern: [UInt8], in source: ByteSource, before end: Int, floor: Int = 0) throws(PDFError) -> Int? {
        var upper = min(end, source.count)
        while upper > floor {
            let lower = max(floor, upper - windowSize)
            let window = try source.bytes(in: lower..<upper)
            if let found = lastIndex(of: pattern, in: window) { return lower + (found - window.startIndex) }
            if lower == floor { return nil }
            upper = lower + pattern.count - 1
        }
        return nil
    }

    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        firstIndex(of: pattern, in: bytes[...], from: start)
    }

    /// The index (in the slice's own indices) of the first occurrence of `pattern` at or after
    /// `start` (default: the slice's start).
    static func firstIndex(of pattern: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int? = nil) -> Int? {
        let start = start ?? bytes.startIndex
        let last = bytes.endIndex - pattern.count
        guard bytes.count >= pattern.count, start <= last else { return nil }
        let first = pattern[0]
        var index = start
        while index <= last {
            if bytes[index] == first && bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    static func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        lastIndex(of: pattern, in: bytes[...])
    }

    /// The index (in the slice's own indices) of the last occurrence of `pattern`.
    static func lastIndex(of pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        var index = bytes.endIndex - pattern.count
        while index >= bytes.startIndex {
            if bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index -= 1
        }
        return nil
    }
}
