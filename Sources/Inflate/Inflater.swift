import CZlib

/// zlib's inflate (RFC 1950/1951) over a whole input, for PDF's FlateDecode filter and for ZIP
/// entries (.mxl, .mscz): the one inflate implementation of the package, and the only code
/// outside `IncrementalInflater` that calls zlib.
package enum Inflater {
    /// What inflating gave.
    package enum Outcome: Equatable, Sendable {
        /// The bytes, and whether the deflate stream ended cleanly (a stream cut short, or
        /// corrupt after some output, gives what it decoded with `clean == false`).
        case decoded([UInt8], clean: Bool)
        /// The output would pass the limit.
        case tooLarge
        /// Nothing decodes.
        case failed(String)
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
    package static func run(
        _ input: [UInt8], skipping skip: Int = 0, windowBits: Int32, limit: Int, firstCapacity: Int? = nil
    ) -> Outcome {
        // zlib takes at most 4 GiB of input per call.
        guard input.count <= Int(UInt32.max) else { return .failed("input of \(input.count) bytes is too large") }
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

    /// The CRC-32 of `bytes` (ISO 3309, as ZIP's entries record it), computed by zlib.
    package static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            var crc: UInt = CZlib.crc32(0, nil, 0)
            var start = 0
            // zlib takes at most 4 GiB per call.
            while start < buffer.count {
                let count = min(buffer.count - start, Int(UInt32.max))
                crc = CZlib.crc32(crc, buffer.baseAddress! + start, UInt32(count))
                start += count
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }
}
