import MetadataModel

/// The work spent reading one page's text, against its `PageTextLimits`, and what kept text
/// from being read: shared by the content interpreter and the font loader.
final class PageTextWork {
    let document: PDFDocument
    let limits: PageTextLimits
    private(set) var operations = 0
    private(set) var decodedBytes = 0
    private(set) var glyphs = 0
    /// The first limit reached; reading stops there.
    private(set) var exhausted: PageTextBudget?
    /// Damage met along the way, one message per kind.
    private(set) var problems: [String] = []
    /// Images drawn (XObjects and inline), to tell a scanned page.
    var images = 0
    /// Glyphs whose font gives no text for them.
    var glyphsWithoutText = 0
    /// Whether a form was left undrawn for being nested too deep.
    private(set) var formsTooDeep = false

    init(document: PDFDocument, limits: PageTextLimits) {
        self.document = document
        self.limits = limits
    }

    /// Whether reading must stop.
    var isExhausted: Bool { exhausted != nil }

    /// Counts `count` more operations; false once past the limit.
    func spendOperations(_ count: Int) -> Bool {
        operations += count
        if operations > limits.maxOperations { exhaust(.operations) }
        return !isExhausted
    }

    /// Counts one more glyph; false once past the limit.
    func spendGlyph() -> Bool {
        glyphs += 1
        if glyphs > limits.maxGlyphs { exhaust(.glyphs) }
        return !isExhausted
    }

    /// Records that a form nested past `maxFormDepth` was left undrawn; reading goes on.
    func noteFormDepth() {
        formsTooDeep = true
    }

    func exhaust(_ budget: PageTextBudget) {
        if exhausted == nil { exhausted = budget }
    }

    /// Records damage to report (each message once).
    func note(_ problem: String) {
        if !problems.contains(problem), problems.count < 8 { problems.append(problem) }
    }

    /// The decoded data of `stream`, counted against the decoded-bytes limit; nil (with the
    /// limit or the damage noted) when it cannot be had.
    func decodedData(of stream: PDFStream) -> [UInt8]? {
        counted(stream) { room throws(PDFError) in try document.decodedData(of: stream, maxOutput: room) }
    }

    /// The first `count` decoded bytes of `stream` (fewer when it is shorter); counted as
    /// `decodedData(of:)` is.
    func decodedPrefix(of stream: PDFStream, count: Int) -> [UInt8]? {
        decodedData(of: stream).map { Array($0.prefix(count)) }
    }

    /// What `decode` gives with the room left under the decoded-bytes limit, counted against
    /// it; nil, with the limit or the damage noted, when it throws.
    private func counted(_ stream: PDFStream, _ decode: (_ room: Int) throws(PDFError) -> [UInt8]) -> [UInt8]? {
        let room = limits.maxDecodedBytes - decodedBytes
        guard room > 0 else {
            exhaust(.decodedBytes)
            return nil
        }
        do {
            let data = try decode(room)
            decodedBytes += data.count
            return data
        } catch {
            if error.code == .limitExceeded { exhaust(.decodedBytes) } else { note("object \(stream.ref.number): \(error.message)") }
            return nil
        }
    }

    /// The stream `object` refers to, or nil.
    func stream(_ object: PDFObject?) -> PDFStream? {
        guard let ref = object?.referenceValue, case .stream(let stream)? = try? document.object(ref) else { return nil }
        return stream
    }

    /// `object` resolved; `.null` when it cannot be.
    func resolve(_ object: PDFObject?) -> PDFObject {
        (try? document.resolve(object)) ?? .null
    }

    /// A rectangle `[x1 y1 x2 y2]` (§7.9.5) as (left, bottom, right, top); nil unless it holds
    /// four finite numbers.
    func rectangle(_ object: PDFObject?) -> (Double, Double, Double, Double)? {
        guard let items = resolve(object).arrayValue, items.count == 4 else { return nil }
        let numbers = items.compactMap { resolve($0).numberValue }.filter(\.isFinite)
        guard numbers.count == 4 else { return nil }
        return (min(numbers[0], numbers[2]), min(numbers[1], numbers[3]), max(numbers[0], numbers[2]), max(numbers[1], numbers[3]))
    }
}
