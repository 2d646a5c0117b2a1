extension PDFDocument {
    /// The most objects `checkReachableObjects` reads.
    static let maxReachableObjects = 1_000_000

    /// When some xref entries do not point at the objects they name (`misplacedObjects`),
    /// reads every object the trailer leads to, as qpdf does when it checks or rewrites a file:
    /// meeting a misplaced one rebuilds the cross-reference data by a scan (`wasRepaired`), as
    /// it makes qpdf do. A misplaced object that nothing uses harms no reader and is left alone.
    func checkReachableObjects() throws(PDFError) {
        guard !xref.misplacedObjects.isEmpty else { return }
        var visited = Set<Int>()
        var pending = trailer.entries.filter { $0.key != "Prev" && $0.key != "XRefStm" }.map(\.value)
        while let item = pending.popLast(), !wasRepaired {
            switch item {
            case .reference(let ref):
                guard visited.insert(ref.number).inserted, visited.count <= Self.maxReachableObjects else { continue }
                switch try object(ref) {
                case .object(let direct)?: pending.append(direct)
                case .stream(let stream)?: pending.append(.dictionary(stream.dictionary))
                case nil: break
                }
            case .array(let items):
                pending += items
            case .dictionary(let dictionary):
                pending += dictionary.entries.map(\.value)
            default:
                break
            }
        }
    }
}
