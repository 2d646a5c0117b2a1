extension PDFDate {
    /// Parses a PDF date string `D:YYYYMMDDHHmmSSOHH'mm'` (ISO 32000-1 §7.9.4), leniently,
    /// the way pdf.js and exiftool read dates found in the wild.
    ///
    /// - The `D:` prefix is optional; surrounding white space is ignored.
    /// - Only the year is required; month, day, hour, minute and second follow in pairs of
    ///   digits and default to the earliest value.
    /// - O is `+`, `-` or `Z`; the apostrophes are optional (`+01'00'`, `+01'00`, `+0100`,
    ///   `+01`); `Z00'00'` (Acrobat) is UTC. No O means the offset is unknown (nil).
    /// - Trailing junk after the last recognised field is ignored.
    /// - An ISO 8601 date (`2001-02-03T04:05:06+01:00`, written by some tools) is accepted too.
    /// - Out-of-range fields (month 13, hour 24, February 30, offset hour 24) give nil.
    public init?(pdfString: String) {
        var scanner = Scanner(trimming: pdfString)
        _ = scanner.skip("D:")
        if let iso = PDFDate(xmpString: String(decoding: scanner.rest, as: UTF8.self)) {
            self = iso
            return
        }
        guard let year = scanner.digits(4) else { return nil }
        var fields = [1, 1, 0, 0, 0]
        for index in fields.indices {
            guard let value = scanner.digits(2) else { break }
            fields[index] = value
        }
        var offset: Int?
        if scanner.skip("Z") {
            offset = 0
        } else if let sign = scanner.sign(), let hours = scanner.digits(2) {
            _ = scanner.skip("'")
            let minutes = scanner.digits(2) ?? 0
            guard hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 60 + minutes)
        }
        self.init(
            checking: year, fields[0], fields[1], fields[2], fields[3], fields[4], offset: offset)
    }

    /// The PDF form `D:YYYYMMDDHHmmSS` followed by `Z` for UTC, `+HH'mm'` / `-HH'mm'` for
    /// other offsets, nothing when the offset is unknown (ISO 32000-1 §7.9.4).
    ///
    /// `Z` alone and the trailing apostrophe are what qpdf (`QUtil::qpdf_time_to_pdf_time`)
    /// and Acrobat write; pdf.js, poppler, exiftool and PDFKit all read this form.
    public var pdfString: String {
        // Built as bytes rather than by String concatenation: the writer formats one for every
        // file it writes.
        var text: [UInt8] = []
        text.reserveCapacity(23)
        text.append(UInt8(ascii: "D"))
        text.append(UInt8(ascii: ":"))
        Self.append(year, width: 4, to: &text)
        Self.append(month, to: &text)
        Self.append(day, to: &text)
        Self.append(hour, to: &text)
        Self.append(minute, to: &text)
        Self.append(second, to: &text)
        appendOffset(to: &text, separator: UInt8(ascii: "'"), closing: UInt8(ascii: "'"))
        return String(decoding: text, as: UTF8.self)
    }

    /// Parses an XMP date (XMP Part 1 §8.2.1.1, the W3C profile of ISO 8601):
    /// `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `YYYY-MM-DDThh:mm`, `YYYY-MM-DDThh:mm:ss`, optional
    /// fractional seconds (dropped), then optional `Z` or `±hh:mm` (also `±hhmm`, `±hh`).
    /// A space instead of `T` is accepted. The whole text (trimmed) must match.
    public init?(xmpString: String) {
        var scanner = Scanner(trimming: xmpString)
        guard let year = scanner.digits(4) else { return nil }
        var fields = [1, 1, 0, 0, 0]
        var offset: Int?
        parse: do {
            guard scanner.skip("-"), let month = scanner.digits(2) else { break parse }
            fields[0] = month
            guard scanner.skip("-"), let day = scanner.digits(2) else { break parse }
            fields[1] = day
            guard scanner.skip("T") || scanner.skip(" ") else { break parse }
            guard let hour = scanner.digits(2), scanner.skip(":"), let minute = scanner.digits(2)
            else { return nil }
            fields[2] = hour
            fields[3] = minute
            if scanner.skip(":") {
                guard let second = scanner.digits(2) else { return nil }
                fields[4] = second
                if scanner.skip(".") || scanner.skip(",") {
                    guard scanner.skipDigits() else { return nil }
                }
            }
            if scanner.skip("Z") {
                offset = 0
            } else if let sign = scanner.sign() {
                guard let hours = scanner.digits(2) else { return nil }
                let minutes = scanner.skip(":") ? scanner.digits(2) : (scanner.digits(2) ?? 0)
                guard let minutes, hours <= 23, minutes <= 59 else { return nil }
                offset = sign * (hours * 60 + minutes)
            }
        }
        guard scanner.rest.isEmpty else { return nil }
        self.init(
            checking: year, fields[0], fields[1], fields[2], fields[3], fields[4], offset: offset)
    }

    /// The XMP form `YYYY-MM-DDThh:mm:ss` followed by `Z`, `±hh:mm`, or nothing when the
    /// offset is unknown (XMP Part 1 §8.2.1.1).
    public var xmpString: String {
        var text: [UInt8] = []
        text.reserveCapacity(25)
        Self.append(year, width: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        Self.append(month, to: &text)
        text.append(UInt8(ascii: "-"))
        Self.append(day, to: &text)
        text.append(UInt8(ascii: "T"))
        Self.append(hour, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.append(minute, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.append(second, to: &text)
        appendOffset(to: &text, separator: UInt8(ascii: ":"), closing: nil)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the offset: nothing when it is unknown, `Z` for UTC, else the sign, the hours,
    /// `separator`, the minutes and `closing`, if any.
    private func appendOffset(to text: inout [UInt8], separator: UInt8, closing: UInt8?) {
        guard let offset = utcOffsetMinutes else { return }
        guard offset != 0 else {
            text.append(UInt8(ascii: "Z"))
            return
        }
        let magnitude = abs(offset)
        text.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        Self.append(magnitude / 60, to: &text)
        text.append(separator)
        Self.append(magnitude % 60, to: &text)
        if let closing { text.append(closing) }
    }

    /// `String(value)` with zeros before it to make at least `width` digits.
    private static func append(_ value: Int, width: Int = 2, to text: inout [UInt8]) {
        ObjectSerializer.writeInteger(value, width: width, to: &text)
    }
}

/// A cursor over the UTF-8 bytes of a date string.
private struct Scanner {
    private let bytes: [UInt8]
    private var index: Int

    init(trimming text: String) {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) || $0 == 0 }
        var bytes = Array(text.utf8)
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        self.bytes = bytes
        self.index = bytes.firstIndex { !isSpace($0) } ?? bytes.count
    }

    var rest: ArraySlice<UInt8> { bytes[index...] }

    /// Consumes `literal` if the text continues with it.
    mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let matches = (0..<count).allSatisfy { bytes[index + $0] == literal.utf8Start[$0] }
        if matches { index += count }
        return matches
    }

    /// Consumes exactly `count` ASCII digits and returns their value, or consumes nothing.
    mutating func digits(_ count: Int) -> Int? {
        guard bytes.count - index >= count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// Consumes one or more digits; false when there is none.
    mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index > start
    }

    /// Consumes `+` (returns 1) or `-` (returns −1).
    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
