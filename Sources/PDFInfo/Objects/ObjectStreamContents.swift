/// The decoded contents of an object stream (ISO 32000-1 §7.5.7): `N` pairs of
/// object number and offset relative to `/First`, then the objects, without `obj` keywords.
///
/// The stream is inflated only as far as the objects read need (`IncrementalInflater`): a
/// document's reader wants its catalog, page tree root and Info, often near the start.
struct ObjectStreamContents {
    /// The decoded stream so far, shared by the parses of its members.
    private let data: IncrementalInflater
    private let first: Int
    private let members: [(number: Int, offset: Int)]
    static let maxMembers = 1_000_000
    static let maxDecodedSize = 64 * 1024 * 1024
    static let reservedMembers = 1024
    /// How far past its start an object is first looked for when no member follows it, and
    /// the least by which the bytes inflated grow while it is not whole.
    static let objectStep = 512

    /// Object numbers in stream order.
    var memberNumbers: [Int] { members.map(\.number) }

    init(stream: PDFStream, document: PDFDocument, number: Int) throws(PDFError) {
        guard let count = stream.dictionary["N"]?.integerValue, count >= 0, count <= Self.maxMembers,
              let first = stream.dictionary["First"]?.integerValue, first >= 0 else {
            throw PDFError(.malformed, "object stream \(number) lacks valid /N and /First", offset: stream.dataOffset)
        }
        try self.init(data: document.incrementalData(of: stream, maxOutput: Self.maxDecodedSize), first: first, count: count)
    }

    /// The contents of the decoded stream `data` with /First `first` and /N `count`, whose
    /// header is inflated now: a stream that decodes to nothing throws here, as a whole decode would.
    init(data: IncrementalInflater, first: Int, count: Int) throws(PDFError) {
        try data.inflate(toAtLeast: max(first, 1))
        self.data = data
        self.first = first
        members = try Self.members(in: data.bytes, headerLength: first, count: count)
    }

    /// The first `count` pairs of integers in the header, the first `headerLength` bytes of
    /// `data` (fewer pairs when something else comes first).
    static func members(in data: [UInt8], headerLength: Int, count: Int) throws(PDFError) -> [(number: Int, offset: Int)] {
        // Labelled like `self.members`: an unlabelled tuple array would be cast element by element.
        var members: [(number: Int, offset: Int)] = []
        // Room for /N pairs (capped: /N is not trusted), so that the array does not grow by copies.
        members.reserveCapacity(min(count, Self.reservedMembers))
        let length = min(headerLength, data.count)
        // Plain pairs in one scan of the header where it lies, usually all of them; the tokens
        // read what it leaves (a sign, a comment, a number that ends the header), from the start
        // of the pair it stopped at, in a copy of the header, so that they stop where it ends.
        let end = data.withUnsafeBufferPointer { Self.plainPairs(UnsafeBufferPointer(rebasing: $0[..<length]), count: count, into: &members) }
        guard members.count < count else { return members }
        var parser = ObjectParser(source: MemoryByteSource(Array(data[..<length])), at: end)
        while members.count < count {
            guard case .integer(let member) = try parser.nextToken(), case .integer(let offset) = try parser.nextToken() else { break }
            members.append((member, offset))
        }
        return members
    }

    /// Appends the pairs of unsigned integers (whitespace around them) that the header
    /// `bytes` starts with, up to `count` pairs; returns where the last one ends.
    private static func plainPairs(_ bytes: UnsafeBufferPointer<UInt8>, count: Int, into members: inout [(number: Int, offset: Int)]) -> Int {
        var end = 0
        while members.count < count {
            var index = end
            while index < bytes.count, CharacterClass.isWhitespace(bytes[index]) { index += 1 }
            guard let (member, memberDigits) = headerInteger(bytes, at: index) else { break }
            index += memberDigits
            while index < bytes.count, CharacterClass.isWhitespace(bytes[index]) { index += 1 }
            guard let (offset, offsetDigits) = headerInteger(bytes, at: index) else { break }
            members.append((member, offset))
            end = index + offsetDigits
        }
        return end
    }

    /// The unsigned integer at `index` of the header `bytes`, as `Lexer.plainInteger` reads it,
    /// or ended by the end of the header (often right after the last offset, `4 0 2 116<<`):
    /// the header is all there is, so the lexer's token there ends there too.
    private static func headerInteger(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Lexer.Scan<Int> {
        guard index < bytes.count else { return nil }
        let rest = UnsafeBufferPointer(rebasing: bytes[index...])
        if let plain = Lexer.plainInteger(rest) { return plain }
        guard rest.count <= 18, rest.allSatisfy(CharacterClass.isDigit) else { return nil }
        return (rest.reduce(0) { $0 &* 10 &+ Int($1 &- 0x30) }, rest.count)
    }

    /// Object `number`, expected at position `index` (the xref's type-2 entry).
    ///
    /// Parsed from the bytes inflated so far when the object is a container that ends before
    /// them: the parser then looked at no byte past its closing delimiter (its lookahead stops
    /// there), so the whole stream gives the same object. Otherwise the stream is inflated
    /// further and the object parsed again, until it is or the stream is inflated whole.
    func object(number: Int, index: Int) throws(PDFError) -> PDFObject? {
        let position = index < members.count && members[index].number == number
            ? index
            : members.firstIndex { $0.number == number }
        guard let position, members[position].offset >= 0 else { return nil }
        let (start, overflow) = first.addingReportingOverflow(members[position].offset)
        // No stream decodes to anywhere near `Int.max` bytes: such a start is past its end.
        guard !overflow, start < Int.max - Self.objectStep else { return nil }
        // Past `start` (`end` is past the next member's start), or all there is.
        try data.inflate(toAtLeast: end(ofMemberAt: position) ?? start + Self.objectStep)
        guard start < data.bytes.count else { return nil }
        while true {
            let available = data.bytes.count
            var parser = ObjectParser(source: MemoryByteSource(data.bytes), at: start)
            if data.isFinished { return try parser.parseObject() }
            if let object = try? parser.parseObject(), object.isContainer,
               parser.position == parser.lexer.cursor.position, parser.position < available {
                return object
            }
            try data.inflate(toAtLeast: available + max(available - start, Self.objectStep))
        }
    }

    /// Where the member at `position` should end, with a byte to spare: where the next member
    /// starts (members usually lie in offset order); nil when none starts after it.
    private func end(ofMemberAt position: Int) -> Int? {
        let offset = members[position].offset
        let next = position + 1 < members.count && members[position + 1].offset > offset
            ? members[position + 1].offset
            : members.lazy.map(\.offset).filter { $0 > offset }.min()
        guard let next else { return nil }
        let (end, overflow) = first.addingReportingOverflow(next)
        return overflow || end == Int.max ? nil : end + 1
    }
}

private extension PDFObject {
    /// Whether this is a dictionary or an array, whose parse ends at its closing delimiter.
    var isContainer: Bool {
        switch self {
        case .dictionary, .array: true
        default: false
        }
    }
}
