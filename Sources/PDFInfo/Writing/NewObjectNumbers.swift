/// The object numbers an update gives the objects it adds (ISO 32000-1 §7.5.6), chosen so that
/// every reader accepts them: qpdf keeps object numbers in a C `int` and qpdf 12 (pikepdf)
/// ignores any object numbered above a third of the file's length, so a number past the
/// file's highest is used only when it stays below both.
enum NewObjectNumbers {
    /// How many numbers an update may need: Info, and the xref stream.
    static let count = 4

    /// The numbers to give new objects: those right after the file's /Size and after every
    /// number its sections list; when those would pass what readers accept (a section that lists
    /// object 1000 in a file of a few hundred bytes), the lowest numbers no section lists.
    static func fresh(for xref: CrossReference, fileLength: Int) -> [Int] {
        let declaredSize: Int
        if case .integer(let size)? = xref.trailer["Size"] { declaredSize = size } else { declaredSize = 0 }
        let first = max(declaredSize, xref.highestNumber + 1, 1)
        let limit = min(XRefSection.maxObjectNumber, fileLength / 3)
        if first + count - 1 <= limit { return Array(first..<(first + count)) }
        var numbers: [Int] = []
        var number = 1
        while numbers.count < count {
            if xref.entry(number) == nil { numbers.append(number) }
            number += 1
        }
        return numbers
    }
}
