import CZlib

/// The FlateDecode filter (ISO 32000-1 §7.4.4) on top of zlib. All of PDFInfo's unsafe
/// pointer code for zlib lives in this file and in `IncrementalInflater`.
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
            switch run(input, skipping: 2, windowBits: -15, limit: limit) {
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

    /// Runs zlib's inflate over the input after its first `skip` bytes.
    ///
    /// The first call writes straight into the output array, sized from the input, with
    /// `Z_FINISH`: a stream that fits ends in that one call, and zlib then neither allocates nor
    /// fills its 32 KiB window. Output that does not fit is read on in chunks (zlib keeps the
    /// window from then on), which gives the same bytes.
    /// - Parameters:
    ///   - windowBits: 15 for a zlib stream, −15 for raw deflate.
    ///   - firstCapacity: the room of the first call (tests make it small to exercise the chunks).
    static func run(
        _ input: [UInt8], skipping skip: Int = 0, windowBits: Int32, limit: Int, firstCapacity: Int? = nil
    ) -> Outcome {
        var stream = z_stream()
        guard czlib_inflate_init2(&stream, windowBits) == Z_OK else {
            return .failed("zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }

        // Sized to the input (xref and object streams are small); never zero-filled: inflate writes it.
        let chunkSize = min(64 * 1024, max(4096, input.count.multipliedReportingOverflow(by: 4).partialValue))
        return input.withUnsafeBufferPointer { source -> Outcome in
            let body = UnsafeBufferPointer(rebasing: source[min(skip, source.count)...])
            stream.next_in = UnsafeMutablePointer(mutating: body.baseAddress)
            stream.avail_in = UInt32(body.count)
            // Up to one byte more than allowed, so that passing the limit is detected.
            let wanted = min(max(1, firstCapacity ?? chunkSize), Int(UInt32.max))
            let firstRoom = limit >= wanted ? wanted : limit + 1
            var status: Int32 = Z_OK
            var output = [UInt8](unsafeUninitializedCapacity: firstRoom) { target, count in
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(firstRoom)
                status = CZlib.inflate(&stream, Z_FINISH)
                count = firstRoom - Int(stream.avail_out)
            }
            stream.next_out = nil
            var chunk: [UInt8] = []
            while true {
                if output.count > limit { return .tooLarge }
                switch status {
                case Z_STREAM_END:
                    return .decoded(output, clean: true)
                case Z_OK,
                    Z_BUF_ERROR where stream.avail_out == 0:
                    // The output was full: read on. (With Z_FINISH, a full output is a Z_BUF_ERROR.)
                    break
                case Z_BUF_ERROR:
                    // No progress possible: the input ended before the deflate stream did.
                    return .decoded(output, clean: false)
                case Z_DATA_ERROR, Z_NEED_DICT:
                    if output.isEmpty { return .failed(message(stream) ?? "invalid data") }
                    return .decoded(output, clean: false)
                default:
                    return .failed(message(stream) ?? "zlib error \(status)")
                }
                let remaining = limit - output.count
                let room = remaining >= chunkSize ? chunkSize : remaining + 1
                if chunk.isEmpty { chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { _, count in count = chunkSize } }
                status = chunk.withUnsafeMutableBufferPointer { target -> Int32 in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(room)
                    return CZlib.inflate(&stream, Z_FINISH)
                }
                stream.next_out = nil
                output.append(contentsOf: chunk[0..<(room - Int(stream.avail_out))])
            }
        }
    }

    private static func message(_ stream: z_stream) -> String? {
        stream.msg.map { String(cString: $0) }
    }
}
