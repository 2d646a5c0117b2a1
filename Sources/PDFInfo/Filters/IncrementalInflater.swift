import CZlib

/// FlateDecode data (ISO 32000-1 §7.4.4) inflated only as far as its reader asks: an object
/// stream's reader needs its header and a few objects, often near the start, and inflating the
/// rest would cost as much again. The bytes inflated so far are always a prefix of what
/// `FlateDecoder.inflatedBytes` gives for the same data, and once the data is inflated to its
/// end they are all of it, or its error is thrown.
///
/// Should zlib fail midway (it can only run out of memory), the data is decoded whole instead,
/// as `FlateDecoder.inflatedBytes` would have from the start.
///
/// With `FlateDecoder`, the only other code in PDFInfo that calls zlib. Not thread-safe: used by
/// one document, which is used by one thread at a time.
final class IncrementalInflater {
    /// The bytes inflated so far.
    private(set) var bytes: [UInt8]
    /// Whether `bytes` is all the data gives.
    private(set) var isFinished: Bool
    /// The encoded data, zlib header included; emptied when finished.
    private var input: [UInt8] = []
    private let maxOutput: Int
    /// zlib's state, at a fixed address: zlib keeps a pointer back to it and checks it on each call.
    private var stream: UnsafeMutablePointer<z_stream>?

    /// The most bytes raw deflate data can give per input byte: a 258-byte match coded in two
    /// bits (RFC 1951 §3.2.5: the shortest codes are one bit long).
    static let maxRatio = 1032
    /// Room given past the bytes asked for: zlib's fast loop runs only while 258 bytes of room
    /// are left (one match may write that many), and its slow loop, about five times dearer per
    /// byte, fills the rest; with this much more room the fast loop reaches the bytes asked for.
    static let slack = 300
    /// The least input given to one call. The input is given a little at a time, about what
    /// gives the bytes still asked for (`inputShare`), so that zlib stops near them: where the
    /// input ends the slow loop decodes only the last few bytes.
    static let minimumInputStep = 64
    /// Output bytes asked for per input byte given: deflate rarely compresses object streams
    /// eight times, so a call seldom gives much more than asked.
    static let inputShare = 8
    /// The shortest input inflated on demand: shorter data (a few KiB decoded) saves less by
    /// stopping early than its extra calls cost (measured: 256 and 1024 both cost more).
    static let minimumInput = 768
    /// The most bytes one step asks for, so that the room made for them stays small when a
    /// reader asks for bytes far past what the data gives (a damaged member offset).
    static let maxStep = 64 * 1024

    /// Data already decoded whole.
    init(finished bytes: [UInt8]) {
        self.bytes = bytes
        isFinished = true
        maxOutput = bytes.count
    }

    /// Inflates `input` on demand; nil when it does not start with a valid zlib header, is
    /// shorter than `minimumInput`, or is so long that its output might pass `maxOutput` (then
    /// only inflating it whole tells the limit error, which `FlateDecoder.inflatedBytes`
    /// throws, from success).
    init?(zlibData input: [UInt8], maxOutput: Int, minimumInput: Int = IncrementalInflater.minimumInput) {
        let limit = max(0, maxOutput)
        // The whole input read as raw deflate (the fallback) bounds every output too.
        guard FlateDecoder.hasZlibHeader(input), input.count >= minimumInput,
              input.count <= (limit - Self.maxRatio) / Self.maxRatio else { return nil }
        self.input = input
        self.maxOutput = limit
        bytes = []
        isFinished = false
    }

    deinit { close() }

    /// Inflates on until `bytes` holds at least `count` bytes or the data ends.
    /// - Throws: what `FlateDecoder.inflatedBytes` throws, when the data gives no bytes at all.
    func inflate(toAtLeast count: Int) throws(PDFError) {
        while !isFinished, bytes.count < count {
            try step(wanted: min(count - bytes.count, Self.maxStep))
        }
    }

    /// One step: zlib's inflate called until it gives `wanted` more bytes or the data ends.
    private func step(wanted: Int) throws(PDFError) {
        if stream == nil {
            let opened = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            opened.initialize(to: z_stream())
            guard czlib_inflate_init2(opened, -15) == Z_OK else {
                opened.deallocate()
                return try finish(failed: true)
            }
            stream = opened
        }
        guard let stream else { return }
        let room = wanted + Self.slack
        // Into scratch space, then the bytes given copied onto the end: growing the array by
        // `room` zeros first and trimming it after costs more than the copy.
        let status = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { target -> Int32 in
            // After the 2-byte header, raw deflate, as `FlateDecoder.inflatedBytes` reads a valid zlib stream.
            let status = input.withUnsafeBufferPointer { source -> Int32 in
                stream.pointee.next_out = target.baseAddress
                stream.pointee.avail_out = UInt32(room)
                var status: Int32
                repeat {
                    let consumed = 2 + Int(stream.pointee.total_in)
                    let still = wanted - (room - Int(stream.pointee.avail_out))
                    let step = min(source.count - consumed, max(Self.minimumInputStep, still / Self.inputShare))
                    stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress! + consumed)
                    stream.pointee.avail_in = UInt32(step)
                    status = CZlib.inflate(stream, Z_NO_FLUSH)
                    // Z_OK: progress, the input given used up or the room filled.
                } while status == Z_OK && room - Int(stream.pointee.avail_out) < wanted && stream.pointee.avail_out > 0
                // No pointer into the buffers outlives the call.
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
                return status
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: target[..<(room - Int(stream.pointee.avail_out))]))
            return status
        }
        switch status {
        case Z_OK:
            break
        case Z_STREAM_END, Z_BUF_ERROR, Z_DATA_ERROR, Z_NEED_DICT:
            // The end, clean or not (Z_BUF_ERROR, no progress with room to spare: the input ended first).
            try finish(failed: false)
        default:
            try finish(failed: true)
        }
    }

    /// Ends inflating. When zlib failed or gave no bytes at all, the data is decoded whole
    /// instead, as `FlateDecoder.inflatedBytes` then does (its fallbacks and errors included).
    private func finish(failed: Bool) throws(PDFError) {
        close()
        isFinished = true
        let encoded = input
        input = []
        if failed || bytes.isEmpty { bytes = try FlateDecoder.inflate(encoded, maxOutput: maxOutput).bytes }
    }

    private func close() {
        guard let stream else { return }
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        self.stream = nil
    }
}
