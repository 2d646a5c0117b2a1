/// A calendar date and time as PDF and XMP write them: civil fields plus an optional offset
/// from UTC (ISO 32000-1 §7.9.4; XMP Part 1 §8.2.1.1).
///
/// Values compare field by field (two instants in different zones are different values);
/// use ``secondsSince1970`` to compare instants. Every stored field is in range: the
/// initializers trap (programmer input) or fail (text input) otherwise.
public struct PDFDate: Sendable, Hashable, Codable {
    /// 0...9999.
    public let year: Int
    /// 1...12.
    public let month: Int
    /// 1...days in the month.
    public let day: Int
    /// 0...23.
    public let hour: Int
    /// 0...59.
    public let minute: Int
    /// 0...59.
    public let second: Int
    /// Minutes east of UTC (−1439...1439); nil when the text named no zone ("unknown" in
    /// ISO 32000-1 §7.9.4).
    public let utcOffsetMinutes: Int?

    /// Creates a date from its fields.
    ///
    /// - Precondition: every field is in range (see the properties). Use ``init(pdfString:)``
    ///   or ``init(xmpString:)`` for untrusted text.
    public init(
        year: Int, month: Int = 1, day: Int = 1, hour: Int = 0, minute: Int = 0, second: Int = 0,
        utcOffsetMinutes: Int? = nil
    ) {
        precondition(
            Self.isValid(year, month, day, hour, minute, second, utcOffsetMinutes),
            "PDFDate field out of range")
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// Creates the date that `secondsSince1970` (the Unix epoch, UTC) shows on a clock at
    /// `utcOffsetMinutes` east of UTC. Uses civil-from-days arithmetic, no calendar library.
    ///
    /// - Precondition: the offset is within ±23:59 and the year falls in 0...9999.
    public init(secondsSince1970: Int, utcOffsetMinutes: Int = 0) {
        precondition(abs(utcOffsetMinutes) <= Self.maxOffset, "PDFDate offset out of range")
        let local = secondsSince1970 + utcOffsetMinutes * 60
        let days = Self.floorDivide(local, 86_400)
        let secondOfDay = local - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        self.init(
            year: year, month: month, day: day, hour: secondOfDay / 3600,
            minute: secondOfDay % 3600 / 60, second: secondOfDay % 60,
            utcOffsetMinutes: utcOffsetMinutes)
    }

    /// Creates a date from validated fields; nil when any is out of range.
    init?(
        checking year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int,
        offset: Int?
    ) {
        guard Self.isValid(year, month, day, hour, minute, second, offset) else { return nil }
        self.init(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            utcOffsetMinutes: offset)
    }

    /// Decodes a date, rejecting out-of-range fields (`Decodable` bypasses no invariant).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let fields = try [
            CodingKeys.year, .month, .day, .hour, .minute, .second,
        ].map { try container.decode(Int.self, forKey: $0) }
        let offset = try container.decodeIfPresent(Int.self, forKey: .utcOffsetMinutes)
        guard
            let date = PDFDate(
                checking: fields[0], fields[1], fields[2], fields[3], fields[4], fields[5],
                offset: offset)
        else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "date field out of range"))
        }
        self = date
    }

    /// The instant in seconds since 1970-01-01T00:00:00Z. An unknown offset counts as UTC.
    public var secondsSince1970: Int {
        let days = Self.days(fromCivilYear: year, month: month, day: day)
        return days * 86_400 + hour * 3600 + minute * 60 + second - (utcOffsetMinutes ?? 0) * 60
    }

    static let maxOffset = 23 * 60 + 59

    static func isValid(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int,
        _ offset: Int?
    ) -> Bool {
        guard (0...9999).contains(year), (1...12).contains(month) else { return false }
        return (1...daysInMonth(year, month)).contains(day) && (0...23).contains(hour)
            && (0...59).contains(minute) && (0...59).contains(second)
            && offset.map { abs($0) <= maxOffset } ?? true
    }

    private static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2:
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant, `days_from_civil`).
    private static func days(fromCivilYear year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant, `civil_from_days`).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
