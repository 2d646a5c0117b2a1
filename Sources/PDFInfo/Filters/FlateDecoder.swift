import Inflate

/// The FlateDecode filter (ISO 32000-1 §7.4.4): PDF's policy (zlib or raw deflate, damage at
/// the end tolerated) over the one inflate implementation, `Inflater` (target Inflate).
enum FlateDecoder {
    /// Inflates FlateDecode data.
    ///
    /// The data is a zlib stream (RFC 1950, 2-byte header). When the header is missing or
    /// invalid, or a zlib start yields nothing at all, the data is read as raw deflate
    /// (RFC 1951), as pdf.js does for damaged files.
    ///
    /// Damage at the end is tolerated: a stream cut short, corrupt after some output, or with a
    /// bad Adler-32 checksum returns what was decoded with `truncated == true`. Bytes after the
    /// end of the deflate stream are ignored.
    ///
    /// - Parameters:
    ///   - input: the encoded stream data.
    ///   - maxOutput: the most bytes the caller accepts (a defence against decompression bombs).
    /// - Returns: the decoded bytes, and whether the stream did not end cleanly.
    /// - Throws: `.limitExceeded` when the output would pass `maxOutput` (or the input is
    ///   larger than zlib can take in one call, 4 GiB); `.malformed` when nothing decodes.
    static func inflate(_ input: [UInt8], maxOutput: Int) throws(PDFError) -> (
        bytes: [UInt8], truncated: Bool
    ) {
        guard input.count <= Int(UInt32.max) else {
            throw PDFError(.limitExceeded, "flate stream of \(input.count) bytes is too large")
        }
        let limit = max(0, maxOutput)
        let outcome: Inflater.Outcome
        if hasZlibHeader(input) {
            let zlib = Inflater.run(input, windowBits: 15, limit: limit)
            if case .failed = zlib,
                case .decoded(let bytes, let clean) = Inflater.run(input, windowBits: -15, limit: limit)
            {
                outcome = .decoded(bytes, clean: clean)
            } else {
                outcome = zlib
            }
        } else {
            outcome = Inflater.run(input, windowBits: -15, limit: limit)
        }
        switch outcome {
        case .decoded(let bytes, let clean):
            return (bytes, !clean)
        case .tooLarge:
            throw PDFError(.limitExceeded, "flate stream decodes to more than \(limit) bytes")
        case .failed(let reason):
            throw PDFError(.malformed, "flate stream could not be decoded: \(reason)")
        }
    }

    /// The bytes `inflate(_:maxOutput:)` returns, found without checking the zlib stream's
    /// Adler-32 checksum, which costs a pass over the output: a bad checksum only sets
    /// `truncated`, which stream decoding ignores.
    ///
    /// After a valid zlib header the deflate data is inflated raw, as zlib would inflate it (the
    /// header allows nothing else: no preset dictionary, a window zlib accepts). When that gives
    /// no bytes at all, `inflate` decides, fallbacks included, so the result is the same.
    /// - Throws: as `inflate(_:maxOutput:)`.
    static func inflatedBytes(_ input: [UInt8], maxOutput: Int) throws(PDFError) -> [UInt8] {
        let limit = max(0, maxOutput)
        if hasZlibHeader(input), input.count <= Int(UInt32.max) {
            switch Inflater.run(input, skipping: 2, windowBits: -15, limit: limit) {
            case .decoded(let bytes, _) where !bytes.isEmpty:
                return bytes
            case .tooLarge:
                throw PDFError(.limitExceeded, "flate stream decodes to more than \(limit) bytes")
            default:
                break
            }
        }
        return try inflate(input, maxOutput: maxOutput).bytes
    }

    /// True when the first two bytes are a valid zlib header for deflate without a preset
    /// dictionary (RFC 1950 §2.2: CM = 8, CINFO ≤ 7, FCHECK, FDICT = 0).
    static func hasZlibHeader(_ input: [UInt8]) -> Bool {
        guard input.count >= 2 else { return false }
        let cmf = Int(input[0])
        let flg = Int(input[1])
        return cmf & 0x0F == 8 && cmf >> 4 <= 7 && (cmf << 8 | flg) % 31 == 0 && flg & 0x20 == 0
    }
}
