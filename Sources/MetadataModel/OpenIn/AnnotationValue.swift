/// One value of an Open In annotation dictionary: an `NSString` or an `NSNumber`
/// (open-in.txt, the table's "Format" column).
///
/// Codable as a plain JSON string or number. A JSON number with a fraction is truncated toward
/// zero and saturated, as `-[NSNumber integerValue]` does with a double.
public enum AnnotationValue: Sendable, Hashable, Codable {
    /// An `NSString`.
    case string(String)
    /// An `NSNumber` holding a whole number.
    case number(Int)

    /// Decodes a JSON string or number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else if let double = try? container.decode(Double.self) {
            self = .number(Self.truncated(double))
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "an annotation value must be a string or a number")
        }
    }

    /// Encodes as a JSON string or number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let string): try container.encode(string)
        case .number(let number): try container.encode(number)
        }
    }

    /// `integerValue` of an `NSNumber` holding `double`: toward zero, saturating, 0 for NaN.
    static func truncated(_ double: Double) -> Int {
        guard !double.isNaN else { return 0 }
        if double >= Double(Int.max) { return .max }
        if double <= Double(Int.min) { return .min }
        return Int(double.rounded(.towardZero))
    }
}

extension AnnotationValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// `"Label One, Label Two"` as an `NSString` value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `5` as an `NSNumber` value.
    public init(integerLiteral value: Int) { self = .number(value) }
}
