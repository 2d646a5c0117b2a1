/// The decoded contents of an object stream (ISO 32000-1 §7.5.7): `N` pairs of
/// object number and offset relative to `/First`, then the objects, without `obj` keywords.
struct ObjectStreamContents {
    /// The decoded stream, shared by the parses of its members.
    private let data: MemoryByteSource
    private let first: Int
    private let members: [(number: Int, offset: Int)]
    static let maxMembers = 1_000_000
    static let maxDecodedSize = 64 * 1024 * 1024
    static let reservedMembers = 1024

    /// Object numbers in stream order.
    var memberNumbers: [Int] { members.map(\.number) }

    init(stream: PDFStream, document: PDFDocument, number: Int) throws(PDFError) {
        guard let count = stream.dictionary["N"]?.integerValue, count >= 0, count <= Self.maxMembers,
              let first = stream.dictionary["First"]?.integerValue, first >= 0 else {
            throw PDFError(.malformed, "object stream \(number) lacks valid /N and /First", offset: stream.dataOffset)
        }
        let data = try document.decodedData(of: stream, maxOutput: Self.maxDecodedSize)
        self.data = MemoryByteSource(data)
        self.first = first
        members = try Self.members(in: data, headerLength: first, count: count)
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
    func object(number: Int, index: Int) throws(PDFError) -> PDFObject? {
        let member = index < members.count && members[index].number == number
            ? members[index]
            : members.first { $0.number == number }
        guard let member, member.offset >= 0 else { return nil }
        let (start, overflow) = first.addingReportingOverflow(member.offset)
        guard !overflow, start < data.count else { return nil }
        var parser = ObjectParser(source: data, at: start)
        return try parser.parseObject()
    }
}
