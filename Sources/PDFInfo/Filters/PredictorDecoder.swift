/// Undoes the /Predictor of LZWDecode and FlateDecode data (ISO 32000-1 §7.4.4.4, Table 10):
/// TIFF predictor 2 and the PNG predictors (RFC 2083 §6), as xref streams use them.
enum PredictorDecoder {
    /// Largest accepted row, in bytes: far above any real xref stream or image row.
    static let maxRowBytes = 1 << 24
    /// Largest accepted /Colors.
    static let maxColors = 256

    /// Reverses the prediction applied to `data`.
    ///
    /// - Parameters:
    ///   - predictor: /Predictor: 1 = none; 2 = TIFF; 10–15 = PNG (the per-row filter byte
    ///     decides, so all six values decode alike).
    ///   - colors: /Colors, components per sample (default 1).
    ///   - bitsPerComponent: /BitsPerComponent, 1, 2, 4, 8 or 16 (default 8).
    ///   - columns: /Columns, samples per row (default 1).
    /// - Returns: the decoded rows. A short last row is decoded as far as it goes.
    /// - Throws: `.malformed` for an unknown predictor or parameter, or a first row with an
    ///   unknown PNG filter type (a later one ends the data there);
    ///   `.limitExceeded` when a row would exceed ``maxRowBytes``.
    static func decode(
        _ data: [UInt8], predictor: Int, colors: Int, bitsPerComponent: Int, columns: Int
    ) throws(PDFError) -> [UInt8] {
        guard predictor != 1 else { return data }
        guard predictor == 2 || (10...15).contains(predictor) else {
            throw PDFError(.malformed, "unsupported /Predictor \(predictor)")
        }
        guard (1...maxColors).contains(colors) else {
            throw PDFError(.malformed, "invalid /Colors \(colors) for a predictor")
        }
        switch bitsPerComponent {
        case 1, 2, 4, 8, 16: break
        default:
            throw PDFError(.malformed, "invalid /BitsPerComponent \(bitsPerComponent) for a predictor")
        }
        guard columns >= 1 else {
            throw PDFError(.malformed, "invalid /Columns \(columns) for a predictor")
        }
        let bitsPerPixel = colors * bitsPerComponent
        let (rowBits, overflow) = columns.multipliedReportingOverflow(by: bitsPerPixel)
        guard !overflow, rowBits / 8 < maxRowBytes else {
            throw PDFError(.limitExceeded, "predictor rows of \(columns) columns are too large")
        }
        let rowBytes = (rowBits + 7) / 8
        if predictor == 2 {
            return decodeTIFF(
                data, rowBytes: rowBytes, rowComponents: columns * colors, colors: colors,
                bits: bitsPerComponent)
        }
        return try decodePNG(data, rowBytes: rowBytes, pixelBytes: max(1, (bitsPerPixel + 7) / 8))
    }

    /// PNG predictors: each row is a filter-type byte followed by `rowBytes` filtered bytes.
    /// The rows are decoded straight into the output, where the row above is read back from.
    private static func decodePNG(
        _ data: [UInt8], rowBytes: Int, pixelBytes: Int
    ) throws(PDFError) -> [UInt8] {
        let stride = rowBytes + 1
        let total = data.count / stride * rowBytes + max(0, data.count % stride - 1)
        var output = [UInt8](repeating: 0, count: total)
        var badFirstFilter: UInt8?
        // One loop per filter type, over raw buffers: this runs for every byte of every xref stream.
        // Indices stay in bounds by construction: a row's `count` bytes come from inside `input`
        // and go to `written..<written + count`, which the rows fill up to `total` exactly.
        let written = data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out -> Int in
                var start = 0
                var written = 0
                while start < input.count {
                    let filter = input[start]
                    // Garbage after good rows (seen in damaged xref streams) ends the data, as truncation
                    // does; qpdf reads such streams the same way. A bad first row is an error.
                    guard filter <= 4 else {
                        if start == 0 { badFirstFilter = filter }
                        return written
                    }
                    let end = min(input.count, start + stride)
                    let count = end - start - 1
                    let raw = UnsafeBufferPointer(rebasing: input[(start + 1)..<end])
                    let row = UnsafeMutableBufferPointer(rebasing: out[written..<(written + count)])
                    // The row above, all zeros for the first row.
                    let hasUp = start > 0
                    let upStart = written - rowBytes
                    switch filter {
                    case 0:
                        for index in 0..<count { row[index] = raw[index] }
                    case 1:
                        for index in 0..<count { row[index] = raw[index] &+ (index >= pixelBytes ? row[index - pixelBytes] : 0) }
                    case 2:
                        guard hasUp else { for index in 0..<count { row[index] = raw[index] }; break }
                        for index in 0..<count { row[index] = raw[index] &+ out[upStart + index] }
                    case 3:
                        for index in 0..<count {
                            let left = index >= pixelBytes ? Int(row[index - pixelBytes]) : 0
                            let up = hasUp ? Int(out[upStart + index]) : 0
                            row[index] = raw[index] &+ UInt8((left + up) / 2)
                        }
                    default:
                        for index in 0..<count {
                            let left = index >= pixelBytes ? row[index - pixelBytes] : 0
                            let up = hasUp ? out[upStart + index] : 0
                            let upLeft = hasUp && index >= pixelBytes ? out[upStart + index - pixelBytes] : 0
                            row[index] = raw[index] &+ paeth(left, up, upLeft)
                        }
                    }
                    written += count
                    start = end
                }
                return written
            }
        }
        if let filter = badFirstFilter {
            throw PDFError(.malformed, "invalid PNG predictor filter type \(filter) in the first row")
        }
        output.removeLast(total - written)
        return output
    }

    /// The Paeth predictor (RFC 2083 §6.6): whichever neighbour is closest to left + up − upLeft.
    private static func paeth(_ left: UInt8, _ up: UInt8, _ upLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(up) - Int(upLeft)
        let toLeft = abs(estimate - Int(left))
        let toUp = abs(estimate - Int(up))
        let toUpLeft = abs(estimate - Int(upLeft))
        if toLeft <= toUp && toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }

    /// TIFF predictor 2 (TIFF 6.0 §14): each component is stored as the difference from the
    /// same component of the sample to its left, modulo 2^bits, within each row.
    private static func decodeTIFF(
        _ data: [UInt8], rowBytes: Int, rowComponents: Int, colors: Int, bits: Int
    ) -> [UInt8] {
        var output = data
        var start = 0
        while start < output.count {
            let end = min(output.count, start + rowBytes)
            switch bits {
            case 8:
                for index in start + colors..<max(start + colors, end) {
                    output[index] &+= output[index - colors]
                }
            case 16:
                let stride = 2 * colors
                var index = start + stride
                while index + 1 < end {
                    let sum = (UInt16(output[index]) << 8 | UInt16(output[index + 1]))
                        &+ (UInt16(output[index - stride]) << 8 | UInt16(output[index - stride + 1]))
                    output[index] = UInt8(truncatingIfNeeded: sum >> 8)
                    output[index + 1] = UInt8(truncatingIfNeeded: sum)
                    index += 2
                }
            default:
                let available = min(rowComponents, (end - start) * 8 / bits)
                decodeTIFFSubByte(&output, start: start, components: available, colors: colors, bits: bits)
            }
            start = end
        }
        return output
    }

    /// TIFF predictor 2 for 1-, 2- and 4-bit components packed high bits first; the padding
    /// bits at the end of a row are left alone.
    private static func decodeTIFFSubByte(
        _ bytes: inout [UInt8], start: Int, components componentCount: Int, colors: Int, bits: Int
    ) {
        let mask = UInt8((1 << bits) - 1)
        func component(_ index: Int) -> (byte: Int, shift: Int) {
            let bit = index * bits
            return (start + bit / 8, 8 - bits - bit % 8)
        }
        guard componentCount > colors else { return }
        for index in colors..<componentCount {
            let (byte, shift) = component(index)
            let (leftByte, leftShift) = component(index - colors)
            let value = (bytes[byte] >> shift) & mask
            let left = (bytes[leftByte] >> leftShift) & mask
            let sum = (value &+ left) & mask
            bytes[byte] = bytes[byte] & ~(mask << shift) | sum << shift
        }
    }
}
