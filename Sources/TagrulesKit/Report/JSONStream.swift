/// Pretty-printed JSON written as the values are visited, without building a ``JSONValue`` tree
/// first: byte for byte what the tree of the same values serializes to (two spaces per level,
/// members in the order written, `[]` and `{}` for empty containers, the same string escapes).
///
/// The change reports of `plan` and `apply` go through here: building a tree per file, then
/// walking it, cost twice the instructions of writing the bytes. The caller writes a well-formed
/// document (a key before every member value, an `element()` before every array item, every
/// container closed); the stream only places commas, line breaks and indentation.
struct JSONStream: ~Copyable {
    private var sink: ByteSink
    /// The indentation level of the members of the innermost open container.
    private var depth: Int
    /// Whether the innermost open container has no member yet.
    private var isEmpty: Bool

    /// A stream whose next member or element sits `depth` levels deep: 0 for a document, the
    /// depth of an array's items for a run of items rendered apart, on another thread (see
    /// ``noteItemsWrittenApart()``); `afterItems` when such a run follows other items of its
    /// array, so that its first item starts with a comma.
    init(depth: Int = 0, afterItems: Bool = false, capacity: Int = 4096) {
        sink = ByteSink(capacity: capacity)
        self.depth = depth
        isEmpty = !afterItems
    }

    /// Hands over the bytes written so far, without copying them, and goes on in a fresh
    /// buffer with room for `capacity` bytes: the document is then the chunks in the order
    /// taken (with the runs written apart between them).
    mutating func takeChunk(reserving capacity: Int = 4096) -> ByteChunk {
        sink.takeChunk(reserving: capacity)
    }

    /// Starts an object (a member's value, an array item, or the document).
    mutating func openObject() { open(UInt8(ascii: "{")) }

    /// Ends the innermost object.
    mutating func closeObject() { close(UInt8(ascii: "}")) }

    /// Starts an array.
    mutating func openArray() { open(UInt8(ascii: "[")) }

    /// Ends the innermost array.
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// Starts the member `name` of the innermost object; its value comes next. Names are the
    /// report's plain ASCII keys, written as they are (nothing in them needs escaping).
    /// Inlined: at each call site the name is a constant, so its bytes are stored as immediate
    /// values, without a call to copy them.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        let length = name.utf8CodeUnitCount
        let source = name.utf8Start
        separate(then: length + 4) { position in
            position.pointee = UInt8(ascii: "\"")
            (position + 1).update(from: source, count: length)
            (position + 1 + length).pointee = UInt8(ascii: "\"")
            (position + 2 + length).pointee = UInt8(ascii: ":")
            (position + 3 + length).pointee = UInt8(ascii: " ")
            return position + 4 + length
        }
    }

    /// Starts the next item of the innermost array; its value comes next.
    mutating func element() { separate() }

    /// A string, or null.
    mutating func string(_ text: String?) {
        guard let text else { return null() }
        JSONValue.quote(text, into: &sink)
    }

    /// A number, or null (inlined: most numbers of a report are null).
    @inline(__always)
    mutating func int(_ number: Int?) {
        guard let number else { return null() }
        JSONValue.appendNumber(number, to: &sink)
    }

    /// `null`, stored as one four-byte word.
    @inline(__always)
    mutating func null() {
        sink.write(reserving: 4) { position in
            UnsafeMutableRawPointer(position).storeBytes(of: Self.nullWord, as: UInt32.self)
            return position + 4
        }
    }

    /// The bytes of `null` in memory order.
    private static var nullWord: UInt32 { UInt32(littleEndian: 0x6C6C_756E) }

    /// An array of strings (`[]` when empty, as an opened and closed array writes it; inlined:
    /// most lists of a report are empty).
    @inline(__always)
    mutating func strings(_ list: [String]) {
        guard !list.isEmpty else {
            sink.write(reserving: 2) { position in
                UnsafeMutableRawPointer(position).storeBytes(of: Self.emptyArrayPair, as: UInt16.self)
                return position + 2
            }
            isEmpty = false
            return
        }
        items(list)
    }

    /// The bytes of `[]` in memory order.
    private static var emptyArrayPair: UInt16 { UInt16(littleEndian: 0x5D5B) }

    /// A non-empty array of strings.
    private mutating func items(_ list: [String]) {
        openArray()
        for text in list {
            separate()
            JSONValue.quote(text, into: &sink)
        }
        closeArray()
    }

    /// Notes that items of the innermost open array were written by other streams (runs made
    /// at this stream's depth, the first without `afterItems`, the others with it), placed
    /// between the chunk taken last and the next: the array is not empty, so what follows
    /// starts with a comma or a line break.
    mutating func noteItemsWrittenApart() { isEmpty = false }

    /// Ends the document with a line break and returns its last chunk (all of it when no chunk
    /// was taken).
    consuming func finish() -> ByteChunk {
        sink.append(UInt8(ascii: "\n"))
        return sink.takeChunk()
    }

    @inline(__always)
    private mutating func open(_ bracket: UInt8) {
        sink.append(bracket)
        depth += 1
        isEmpty = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if isEmpty {
            sink.append(bracket)
        } else {
            lineBreak(comma: false, then: 1) { position in
                position.pointee = bracket
                return position + 1
            }
        }
        isEmpty = false
    }

    /// The comma after the previous member, then the line break and indentation of the next.
    private mutating func separate() { separate(then: 0) { $0 } }

    /// `separate()`, then the `extra` bytes `body` stores, in one reservation.
    @inline(__always)
    private mutating func separate(
        then extra: Int, _ body: (UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>
    ) {
        lineBreak(comma: !isEmpty, then: extra, body)
        isEmpty = false
    }

    /// A comma if asked, a line break, the indentation of `depth`, then the `extra` bytes
    /// `body` stores and the position after them.
    @inline(__always)
    private mutating func lineBreak(
        comma: Bool, then extra: Int, _ body: (UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>
    ) {
        // Nesting is a handful of levels (the report's own structure): no overflow to check.
        let spaces = 2 &* max(0, depth)
        // Spaces are stored eight at a time, at least once: room for the last word's overshoot.
        sink.write(reserving: 2 &+ spaces &+ 8 &+ extra) { start in
            // ",\n" or "\n" as one two-byte store (the second "\n" is overwritten or left past
            // the end), the position moving past what the text keeps.
            let pair: UInt16 = comma ? UInt16(littleEndian: 0x0A2C) : UInt16(littleEndian: 0x0A0A)
            UnsafeMutableRawPointer(start).storeBytes(of: pair, as: UInt16.self)
            let position = start + (comma ? 2 : 1)
            let raw = UnsafeMutableRawPointer(position)
            var offset = 0
            repeat {
                raw.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: offset, as: UInt64.self)
                offset &+= 8
            } while offset < spaces
            return body(position + spaces)
        }
    }
}
