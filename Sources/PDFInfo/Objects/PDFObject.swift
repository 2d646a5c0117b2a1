/// A reference to an indirect object: `N G R` (ISO 32000-1 §7.3.10).
public struct ObjectRef: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The object number, ≥ 1.
    public var number: Int
    /// The generation number, 0…65535.
    public var generation: Int

    /// Creates a reference.
    public init(_ number: Int, _ generation: Int = 0) {
        self.number = number
        self.generation = generation
    }

    public var description: String { "\(number) \(generation) R" }

    public static func < (lhs: ObjectRef, rhs: ObjectRef) -> Bool {
        (lhs.number, lhs.generation) < (rhs.number, rhs.generation)
    }
}

/// A direct PDF object (ISO 32000-1 §7.3). Streams are `PDFStream`, outside this enum,
/// because only indirect objects can be streams.
public enum PDFObject: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int)
    case real(Double)
    /// A string's bytes, after literal-escape or hex decoding (not text-decoded).
    case string([UInt8])
    case name(PDFName)
    case array([PDFObject])
    case dictionary(PDFDictionary)
    case reference(ObjectRef)

    /// The integer value, also for a real with no fractional part.
    public var integerValue: Int? {
        switch self {
        case .integer(let value): return value
        case .real(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }

    /// The dictionary, if this is one.
    public var dictionaryValue: PDFDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    /// The array, if this is one.
    public var arrayValue: [PDFObject]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The name, if this is one.
    public var nameValue: PDFName? {
        if case .name(let name) = self { return name }
        return nil
    }

    /// The string bytes, if this is a string.
    public var stringBytes: [UInt8]? {
        if case .string(let bytes) = self { return bytes }
        return nil
    }

    /// The reference, if this is one.
    public var referenceValue: ObjectRef? {
        if case .reference(let ref) = self { return ref }
        return nil
    }
}

/// A stream object: its dictionary and where its raw (still encoded) data lies in the file.
public struct PDFStream: Sendable, Hashable {
    /// The object the stream is, whose key decrypts its data in an encrypted file.
    public var ref: ObjectRef
    /// The stream dictionary.
    public var dictionary: PDFDictionary
    /// Offset of the first data byte, from byte 0 of the file.
    public var dataOffset: Int
    /// Length of the raw data in bytes.
    public var dataLength: Int
}
