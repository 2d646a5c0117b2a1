import Foundation
import Testing

@testable import PDFInfo

/// PDF dates (ISO 32000-1 §7.9.4) and XMP dates (XMP Part 1 §8.2.1.1).
struct PDFDateTests {
    typealias Fields = (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int?)

    static func date(_ f: Fields) -> PDFDate {
        PDFDate(
            year: f.year, month: f.month, day: f.day, hour: f.hour, minute: f.minute,
            second: f.second, utcOffsetMinutes: f.offset)
    }

    /// Date strings as they occur in real files, and what they mean.
    @Test(
        arguments: [
            ("D:2001", (2001, 1, 1, 0, 0, 0, nil)),
            ("D:200102", (2001, 2, 1, 0, 0, 0, nil)),
            ("D:20010203040506Z", (2001, 2, 3, 4, 5, 6, 0)),
            ("D:20010203040506+01'00'", (2001, 2, 3, 4, 5, 6, 60)),
            ("D:20010203040506-08'00", (2001, 2, 3, 4, 5, 6, -480)),
            ("D:20010203040506+05'30'", (2001, 2, 3, 4, 5, 6, 330)),
            ("D:20010203040506+0530", (2001, 2, 3, 4, 5, 6, 330)),
            ("D:20010203040506-03", (2001, 2, 3, 4, 5, 6, -180)),
            ("D:20010203040506Z00'00'", (2001, 2, 3, 4, 5, 6, 0)),
            ("D:199812231952-08'00'", (1998, 12, 23, 19, 52, 0, -480)),  // the example of §7.9.4
            ("20010203", (2001, 2, 3, 0, 0, 0, nil)),
            ("20010203040506", (2001, 2, 3, 4, 5, 6, nil)),
            ("  D:20010203040506+01'00'  ", (2001, 2, 3, 4, 5, 6, 60)),
            ("D:20010203040506+01'00'junk", (2001, 2, 3, 4, 5, 6, 60)),
            ("D:2001020", (2001, 2, 1, 0, 0, 0, nil)),  // a lone digit is junk
            ("D:20010203040506+", (2001, 2, 3, 4, 5, 6, nil)),  // a sign without hours is junk
            ("D:20240229", (2024, 2, 29, 0, 0, 0, nil)),
            ("2001-02-03T04:05:06+01:00", (2001, 2, 3, 4, 5, 6, 60)),  // ISO 8601 in Info, seen in the wild
            ("D:2001-02-03T04:05:06Z", (2001, 2, 3, 4, 5, 6, 0)),
        ] as [(String, Fields)])
    func parsesPDFDates(text: String, expected: Fields) throws {
        let parsed = try #require(PDFDate(pdfString: text))
        #expect(parsed == Self.date(expected))
    }

    @Test(arguments: [
        "", "D:", "junk", "D:01", "D:abcd", "Dx2001",
        "D:20011303",  // month 13
        "D:20010003",  // month 0
        "D:20010230",  // February 30
        "D:20230229",  // not a leap year
        "D:20010203250000",  // hour 25
        "D:20010203046000",  // minute 60
        "D:20010203040560",  // second 60
        "D:20010203040506+24'00'",  // offset hour 24
        "D:20010203040506+01'60'",  // offset minute 60
        "D:191000101120000",  // the "19100" Y2K bug: month 00
    ])
    func rejectsInvalidPDFDates(text: String) {
        #expect(PDFDate(pdfString: text) == nil)
    }

    @Test(
        arguments: [
            ((2001, 2, 3, 4, 5, 6, nil), "D:20010203040506", "2001-02-03T04:05:06"),
            ((2001, 2, 3, 4, 5, 6, 0), "D:20010203040506Z", "2001-02-03T04:05:06Z"),
            ((2001, 2, 3, 4, 5, 6, 60), "D:20010203040506+01'00'", "2001-02-03T04:05:06+01:00"),
            ((1998, 12, 23, 19, 52, 0, -480), "D:19981223195200-08'00'", "1998-12-23T19:52:00-08:00"),
            ((2024, 10, 1, 23, 59, 59, 330), "D:20241001235959+05'30'", "2024-10-01T23:59:59+05:30"),
            ((987, 1, 1, 0, 0, 0, -(23 * 60 + 59)), "D:09870101000000-23'59'", "0987-01-01T00:00:00-23:59"),
        ] as [(Fields, String, String)])
    func formats(fields: Fields, pdf: String, xmp: String) {
        let date = Self.date(fields)
        #expect(date.pdfString == pdf)
        #expect(date.xmpString == xmp)
        #expect(PDFDate(pdfString: pdf) == date)
        #expect(PDFDate(xmpString: xmp) == date)
    }

    @Test(
        arguments: [
            ("2001", (2001, 1, 1, 0, 0, 0, nil)),
            ("2001-02", (2001, 2, 1, 0, 0, 0, nil)),
            ("2001-02-03", (2001, 2, 3, 0, 0, 0, nil)),
            ("2001-02-03T04:05Z", (2001, 2, 3, 4, 5, 0, 0)),
            ("2001-02-03T04:05:06", (2001, 2, 3, 4, 5, 6, nil)),
            ("2001-02-03T04:05:06.789-05:00", (2001, 2, 3, 4, 5, 6, -300)),
            ("2001-02-03T04:05:06+0100", (2001, 2, 3, 4, 5, 6, 60)),
            ("2001-02-03T04:05:06+01", (2001, 2, 3, 4, 5, 6, 60)),
            ("2001-02-03 04:05:06Z", (2001, 2, 3, 4, 5, 6, 0)),
            (" 2004-02-12T11:28:09-05:00\n", (2004, 2, 12, 11, 28, 9, -300)),
        ] as [(String, Fields)])
    func parsesXMPDates(text: String, expected: Fields) throws {
        let parsed = try #require(PDFDate(xmpString: text))
        #expect(parsed == Self.date(expected))
    }

    @Test(arguments: [
        "", "01", "2001-2-3", "2001-02-03T04", "2001-02-03T04:05:06+", "2001-02-03T04:05:06 junk",
        "2001-13-01", "2001-02-30", "2001-02-03T24:00:00Z", "2001-02-03T04:05:06+25:00",
        "2001-02-03T04:05:06.Z", "D:20010203",
    ])
    func rejectsInvalidXMPDates(text: String) {
        #expect(PDFDate(xmpString: text) == nil)
    }

    @Test(
        arguments: [
            (0, 0, (1970, 1, 1, 0, 0, 0, 0)),
            (-1, 0, (1969, 12, 31, 23, 59, 59, 0)),
            (951_782_400, 0, (2000, 2, 29, 0, 0, 0, 0)),
            (0, 60, (1970, 1, 1, 1, 0, 0, 60)),
            (0, -480, (1969, 12, 31, 16, 0, 0, -480)),
            (253_402_300_799, 0, (9999, 12, 31, 23, 59, 59, 0)),
            (-62_167_219_200, 0, (0, 1, 1, 0, 0, 0, 0)),
        ] as [(Int, Int, Fields)])
    func fromUnixTime(seconds: Int, offset: Int, expected: Fields) {
        let date = PDFDate(secondsSince1970: seconds, utcOffsetMinutes: offset)
        #expect(date == Self.date(expected))
        #expect(date.secondsSince1970 == seconds)
    }

    @Test func civilArithmeticAgreesWithFoundationCalendar() throws {
        var generator = SystemRandomNumberGenerator()
        var calendar = Calendar(identifier: .gregorian)
        for _ in 0..<2000 {
            // Foundation's calendar turns Julian before 1582, so stay after 1600.
            let seconds = Int.random(in: -11_676_096_000...253_402_300_799 - 86_400, using: &generator)
            // Foundation time zones stop at ±18 hours.
            let offset = Int.random(in: -18 * 60...18 * 60, using: &generator)
            calendar.timeZone = try #require(TimeZone(secondsFromGMT: offset * 60))
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second],
                from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            let date = PDFDate(secondsSince1970: seconds, utcOffsetMinutes: offset)
            let actual = [date.year, date.month, date.day, date.hour, date.minute, date.second]
            #expect(
                actual
                    == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map {
                        $0!
                    })
            #expect(PDFDate(pdfString: date.pdfString) == date)
            #expect(PDFDate(xmpString: date.xmpString) == date)
        }
    }

    /// The byte-built strings equal the definition: every field zero-padded (year to four
    /// digits, the rest to two), then `Z`, `±HH'mm'` / `±hh:mm`, or nothing. Edge and random
    /// dates, every offset sign and an unknown offset.
    @Test func formattedStringsEqualThePaddedDefinition() {
        var generator = SystemRandomNumberGenerator()
        var dates = [
            PDFDate(year: 0), PDFDate(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59),
            PDFDate(year: 7, utcOffsetMinutes: 0), PDFDate(year: 1999, utcOffsetMinutes: -1439),
            PDFDate(year: 2000, utcOffsetMinutes: 1439), PDFDate(year: 2001, utcOffsetMinutes: -1),
        ]
        for _ in 0..<2000 {
            let offset: Int? = Bool.random(using: &generator) ? nil : Int.random(in: -1439...1439, using: &generator)
            dates.append(
                PDFDate(
                    year: Int.random(in: 0...9999, using: &generator), month: Int.random(in: 1...12, using: &generator),
                    day: Int.random(in: 1...28, using: &generator), hour: Int.random(in: 0...23, using: &generator),
                    minute: Int.random(in: 0...59, using: &generator), second: Int.random(in: 0...59, using: &generator),
                    utcOffsetMinutes: offset))
        }
        for date in dates {
            func zone(_ separator: String, _ closing: String) -> String {
                guard let offset = date.utcOffsetMinutes else { return "" }
                guard offset != 0 else { return "Z" }
                let sign = offset < 0 ? "-" : "+"
                return sign + String(format: "%02d", abs(offset) / 60) + separator
                    + String(format: "%02d", abs(offset) % 60) + closing
            }
            let fields = [date.year, date.month, date.day, date.hour, date.minute, date.second]
            let pdf = String(format: "D:%04d%02d%02d%02d%02d%02d", arguments: fields)
            let xmp = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", arguments: fields)
            #expect(date.pdfString == pdf + zone("'", "'"))
            #expect(date.xmpString == xmp + zone(":", ""))
        }
    }

    @Test func unknownOffsetCountsAsUTCForTheInstant() {
        let local = PDFDate(year: 2001, month: 2, day: 3, hour: 4)
        #expect(
            local.secondsSince1970
                == PDFDate(year: 2001, month: 2, day: 3, hour: 4, utcOffsetMinutes: 0).secondsSince1970)
        #expect(local.pdfString == "D:20010203040000")
    }

    @Test func codableRoundTripsAndRejectsOutOfRangeFields() throws {
        let date = PDFDate(year: 2024, month: 5, day: 6, hour: 7, minute: 8, second: 9, utcOffsetMinutes: -90)
        let data = try JSONEncoder().encode(date)
        #expect(try JSONDecoder().decode(PDFDate.self, from: data) == date)
        let unknown = PDFDate(year: 2024)
        #expect(try JSONDecoder().decode(PDFDate.self, from: JSONEncoder().encode(unknown)) == unknown)
        let bad = Data(#"{"year":2024,"month":13,"day":1,"hour":0,"minute":0,"second":0}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PDFDate.self, from: bad) }
    }
}
