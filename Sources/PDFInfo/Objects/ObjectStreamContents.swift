/// The decoded contents of an object stream (ISO 32000-1 §7.5.7): `N` pairs of
/// object number and offset relative to `/First`, then the objects, without `obj` keywords.
struct ObjectStreamContents {
    /// The decoded stream, shared by the parses of its members.
    private let data: MemoryByteSource
    private let first: Int
    private let members: [(number: Int, offset: Int)]
    static let maxMembers = 1_000_000
    static let maxDecodedSize = 64 * 1024 * 1024

    /// Object numbers in stream order.
    var memberNumbers: [Int] { members.map(\.number) }

    init(stream: PDFStream, document: PDFDocument, number: Int) throws(PDFError) {
        guard let count = stream.dictionary["N"]?.integerValue, count >= 0, count <= Self.maxMembers,
              let first = stream.dictionary["First"]?.integerValue, first >= 0 else {
            throw PDFError(.malformed, "object stream \(number) lacks valid /N and /First", offset: stream.dataOffset)
        }
        try self.init(data: document.decodedData(of: stream, maxOutput: Self.maxDecodedSize), first: first, count: count)
    }

    /// The contents of the decoded stream `data` with /First `first` and /N `count`.
    init(data: [UInt8], first: Int, count: Int) throws(PDFError) {
        self.data = MemoryByteSource(data)
        self.first = first
        members = try Self.members(in: data, headerLength: first, count: count)
    }

    /// The first `count` pairs of integers in the header, the first `headerLength` bytes of
    /// `data` (fewer pairs when something else comes first).
    static func members(in data: [UInt8], headerLength: Int, count: Int) throws(PDFError) -> [(number: Int, offset: Int)] {
        var members: [(number: Int, offset: Int)] = []
        // The header alone, so that its last number ends where it does (`4 0 2 116<<`).
        var parser = ObjectParser(source: MemoryByteSource(Array(data.prefix(headerLength))), at: 0)
        while members.count < count {
            guard case .integer(let member) = try parser.nextToken(), case .integer(let offset) = try parser.nextToken() else { break }
            members.append((member, offset))
        }
        return members
    }

    /// Object `number`, expected at position `index` (the xref's type-2 entry).
    func object(number: Int, index: Int) throws(PDFError) -> PDFObject? {
        let position = index < members.count && members[index].number == number
            ? index
            : members.firstIndex { $0.number == number }
        guard let position, members[position].offset >= 0 else { return nil }
        let (start, overflow) = first.addingReportingOverflow(members[position].offset)
        guard !overflow, start < data.count else { return nil }
        var parser = ObjectParser(source: data, at: start)
        return try parser.parseObject()
    }
}
