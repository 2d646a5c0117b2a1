/// An affine transformation `[a b c d e f]` (ISO 32000-1 §8.3.4): a point `(x, y)` maps to
/// `(a·x + c·y + e, b·x + d·y + f)`.
struct Matrix: Equatable {
    var a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

    static let identity = Matrix(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// The matrix of six numbers (a `cm`, `Tm` or /Matrix operand list); nil unless all six are numbers.
    init?(_ numbers: [PDFObject]) {
        guard numbers.count == 6, let a = numbers[0].numberValue, let b = numbers[1].numberValue,
              let c = numbers[2].numberValue, let d = numbers[3].numberValue,
              let e = numbers[4].numberValue, let f = numbers[5].numberValue else { return nil }
        self.init(a: a, b: b, c: c, d: d, e: e, f: f)
    }

    init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// A translation by `(x, y)`.
    static func translation(_ x: Double, _ y: Double) -> Matrix {
        Matrix(a: 1, b: 0, c: 0, d: 1, e: x, f: y)
    }

    /// This transformation followed by `next` (the product `self × next`, as `cm` makes
    /// `M × CTM`, §8.4.4).
    func then(_ next: Matrix) -> Matrix {
        Matrix(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            e: e * next.a + f * next.c + next.e, f: e * next.b + f * next.d + next.f)
    }

    /// Where the point `(x, y)` goes.
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + e, b * x + d * y + f)
    }

    /// Where the vector `(x, y)` goes (the translation left out).
    func applyToVector(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y, b * x + d * y)
    }

    /// Whether every entry is a finite number (hostile operands can make them infinite or NaN).
    var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && e.isFinite && f.isFinite
    }
}

extension PDFObject {
    /// The value of an integer or a real, as a `Double`.
    var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }
}
