extension ByteSource {
    /// The bytes in `range`, clipped to the end of the source, like `read(_:)`, but as a slice
    /// of the window that holds them when one does: a probe of a few bytes (an xref row, the
    /// word after a stream) then costs no allocation and no copy.
    ///
    /// The slice keeps the window's indices: index it from `startIndex`, not from 0.
    func bytes(in range: Range<Int>) throws(PDFError) -> ArraySlice<UInt8> {
        let clipped = range.clamped(to: 0..<count)
        guard !clipped.isEmpty else { return [] }
        let (start, window) = try window(containing: clipped.lowerBound)
        if clipped.lowerBound >= start, clipped.upperBound - start <= window.count {
            return window[(clipped.lowerBound - start)..<(clipped.upperBound - start)]
        }
        return try read(clipped)[...]
    }
}
