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
        members = try Self.members(in: Array(data.prefix(first)), count: count)
    }

    /// The first `count` pairs of integers in `header` (fewer when something else comes first).
    static func members(in header: [UInt8], count: Int) throws(PDFError) -> [(number: Int, offset: Int)] {
        // Labelled like `self.members`: an unlabelled tuple array would be cast element by element.
        var members: [(number: Int, offset: Int)] = []
        // Room for /N pairs (capped: /N is not trusted), so that the array does not grow by copies.
        members.reserveCapacity(min(count, Self.reservedMembers))
        var parser = ObjectParser(source: MemoryByteSource(header), at: 0)
        // Plain pairs in one scan; the tokens read what it leaves (a sign, a comment, a number
        // that ends the header), from the start of the pair it stopped at.
        parser.lexer.cursor.position = header.withUnsafeBufferPointer { Self.plainPairs($0, count: count, into: &members) }
        while members.count < count {
            guard case .integer(let member) = try parser.nextToken(), case .integer(let offset) = try parser.nextToken() else { break }
            members.append((member, offset))
        }
        return members
    }

    /// Appends the pairs of unsigned integers (whitespace around them, each ended inside
    /// `bytes`) that `bytes` starts with, up to `count` pairs; returns where the last one ends.
    private static func plainPairs(_ bytes: UnsafeBufferPointer<UInt8>, count: Int, into members: inout [(number: Int, offset: Int)]) -> Int {
        var end = 0
        while members.count < count {
            var index = end
            while index < bytes.count, CharacterClass.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count, let (member, memberDigits) = Lexer.plainInteger(UnsafeBufferPointer(rebasing: bytes[index...])) else {
                break
            }
            index += memberDigits
            while index < bytes.count, CharacterClass.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count, let (offset, offsetDigits) = Lexer.plainInteger(UnsafeBufferPointer(rebasing: bytes[index...])) else {
                break
            }
            members.append((member, offset))
            end = index + offsetDigits
        }
        return end
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
