/// Finds byte patterns in a `ByteSource` by reading it in windows, never all at once.
enum ByteSearch {
    private static let windowSize = 64 * 1024

    /// The offset of the first occurrence of `pattern` at or after `start`, searching at most `limit` bytes.
    static func firstOccurrence(of pattern: [UInt8], in source: ByteSource, from start: Int, limit: Int) throws(PDFError) -> Int? {
        precondition(!pattern.isEmpty && pattern.count < windowSize)
        var offset = max(start, 0)
        let end = min(source.count, start.addingReportingOverflow(limit).overflow ? source.count : start + limit)
        while offset < end {
            let window = try source.read(offset..<min(end, offset + windowSize))
            if let found = firstIndex(of: pattern, in: window) { return offset + found }
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
            let window = try source.read(lower..<upper)
            if let found = lastIndex(of: pattern, in: window) { return lower + found }
            if lower == floor { return nil }
            upper = lower + pattern.count - 1
        }
        return nil
    }

    /// The index of the first occurrence of `pattern` in `bytes` at or after `start`.
    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var index = max(start, 0)
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// The index of the last occurrence of `pattern` in `bytes`.
    static func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var index = bytes.count - pattern.count
        while index >= 0 {
            if bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index -= 1
        }
        return nil
    }
}
