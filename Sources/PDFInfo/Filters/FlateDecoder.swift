import CZlib

/// The FlateDecode filter (ISO 32000-1 §7.4.4) on top of zlib. All of PDFInfo's unsafe
/// pointer code for zlib lives in this file.
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
        let outcome: Outcome
        if hasZlibHeader(input) {
            let zlib = run(input, windowBits: 15, limit: limit)
            if case .failed = zlib,
                case .decoded(let bytes, let clean) = run(input, windowBits: -15, limit: limit)
            {
                outcome = .decoded(bytes, clean: clean)
            } else {
                outcome = zlib
            }
        } else {
            outcome = run(input, windowBits: -15, limit: limit)
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

    enum Outcome: Equatable {
        case decoded([UInt8], clean: Bool)
        case tooLarge
        case failed(String)
    }

    /// True when the first two bytes are a valid zlib header for deflate without a preset
    /// dictionary (RFC 1950 §2.2: CM = 8, CINFO ≤ 7, FCHECK, FDICT = 0).
    static func hasZlibHeader(_ input: [UInt8]) -> Bool {
        guard input.count >= 2 else { return false }
        let cmf = Int(input[0])
        let flg = Int(input[1])
        return cmf & 0x0F == 8 && cmf >> 4 <= 7 && (cmf << 8 | flg) % 31 == 0 && flg & 0x20 == 0
    }

    /// Runs zlib's inflate over the input, a chunk of output at a time.
    /// - Parameters:
    ///   - windowBits: 15 for a zlib stream, −15 for raw deflate.
    ///   - chunkSize: the output room of one call; by default four times the input, between
    ///     4 and 64 KiB (xref and object streams are small). Tests make it small to exercise
    ///     many calls.
    static func run(_ input: [UInt8], windowBits: Int32, limit: Int, chunkSize: Int? = nil) -> Outcome {
        var stream = z_stream()
        guard czlib_inflate_init2(&stream, windowBits) == Z_OK else {
            return .failed("zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }
        return input.withUnsafeBufferPointer { source -> Outcome in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            var output: [UInt8] = []
            let size = chunkSize ?? min(64 * 1024, max(4096, input.count.multipliedReportingOverflow(by: 4).partialValue))
            var chunk = [UInt8](repeating: 0, count: max(1, size))
            while true {
                // Up to one byte more than allowed, so that passing the limit is detected.
                let remaining = limit - output.count
                let room = remaining >= chunk.count ? chunk.count : remaining + 1
                let status = chunk.withUnsafeMutableBufferPointer { target -> Int32 in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(room)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                stream.next_out = nil
                output.append(contentsOf: chunk[0..<(room - Int(stream.avail_out))])
                if output.count > limit { return .tooLarge }
                switch status {
                case Z_STREAM_END:
                    return .decoded(output, clean: true)
                case Z_OK where stream.avail_out == 0:
                    // The output was full: read on.
                    continue
                case Z_OK, Z_BUF_ERROR:
                    // No progress possible: the input ended before the deflate stream did.
                    return .decoded(output, clean: false)
                case Z_DATA_ERROR, Z_NEED_DICT:
                    if output.isEmpty { return .failed(message(stream) ?? "invalid data") }
                    return .decoded(output, clean: false)
                default:
                    return .failed(message(stream) ?? "zlib error \(status)")
                }
            }
        }
    }

    private static func message(_ stream: z_stream) -> String? {
        stream.msg.map { String(cString: $0) }
    }
}
