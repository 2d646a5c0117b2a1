/// What a composite font's codes show where its /ToUnicode does not say, from its encoding's name.
enum CodeText {
    /// Nothing: the CIDs of a predefined or embedded CMap need their collection's tables.
    case unknown
    /// The codes are UTF-16 code units (the `Uni…-UCS2-…` and `…-UTF16-…` CMaps).
    case utf16
    /// The one-byte codes 0x20–0x7E are ASCII (the legacy CJK CMaps: Shift-JIS, EUC, GBK, Big5,
    /// UHC, whose one-byte codes select their collection's Roman glyphs).
    case asciiSingleBytes

    /// The text of the `length`-byte `code`.
    func text(for code: UInt32, length: Int) -> String? {
        switch self {
        case .unknown:
            return nil
        case .utf16:
            return CMap.text(utf16: length <= 2 ? [UInt16(truncatingIfNeeded: code)] : [UInt16(truncatingIfNeeded: code >> 16), UInt16(truncatingIfNeeded: code)])
        case .asciiSingleBytes:
            guard length == 1, (0x20...0x7E).contains(code), let scalar = Unicode.Scalar(code) else { return nil }
            return String(Character(scalar))
        }
    }
}
