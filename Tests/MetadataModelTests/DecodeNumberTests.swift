import MetadataModel
import Testing

/// Reading special keywords: prefixes, `integerValue`, clamping, duplicates, legacy keys.
struct DecodeNumberTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var keywords: String
        var field: MetadataField
        var value: Int?
        var codes: [Diagnostic.Code] = []
        var testDescription: String { String(reflecting: keywords) }
    }

    static func decode(_ keywords: String) -> (metadata: ScoreMetadata, diagnostics: [Diagnostic]) {
        ForScoreCodec.decode(InfoStrings(keywords: keywords))
    }

    /// Every clamping edge of every number field; keysf/keymi come with their partner so
    /// that only the case's own diagnostics remain.
    static let edges: [Case] = [
        Case(keywords: "rating:-1", field: .rating, value: 0, codes: [.clamped]),
        Case(keywords: "rating:0", field: .rating, value: 0),
        Case(keywords: "rating:5", field: .rating, value: 5),
        Case(keywords: "rating:6", field: .rating, value: 5, codes: [.clamped]),
        Case(keywords: "rating:3.7", field: .rating, value: 3, codes: [.trailingText]),
        Case(keywords: "rating: 4", field: .rating, value: 4),
        Case(keywords: "rating:+2", field: .rating, value: 2),
        Case(keywords: "rating:abc", field: .rating, value: 0, codes: [.nonNumeric]),
        Case(keywords: "rating:", field: .rating, value: 0, codes: [.nonNumeric]),
        Case(keywords: "rating:99999999999999999999", field: .rating, value: 5, codes: [.clamped]),
        Case(keywords: "rating:-99999999999999999999", field: .rating, value: 0, codes: [.clamped]),
        Case(keywords: "difficulty:-1", field: .difficulty, value: 0, codes: [.clamped]),
        Case(keywords: "difficulty:0", field: .difficulty, value: 0),
        Case(keywords: "difficulty:3", field: .difficulty, value: 3),
        Case(keywords: "difficulty:4", field: .difficulty, value: 3, codes: [.clamped]),
        Case(keywords: "difficulty:two", field: .difficulty, value: 0, codes: [.nonNumeric]),
        Case(keywords: "difficulty:3.7", field: .difficulty, value: 3, codes: [.trailingText]),
        Case(keywords: "duration:-1", field: .duration, value: 0, codes: [.clamped]),
        Case(keywords: "duration:0", field: .duration, value: 0),
        Case(keywords: "duration:72", field: .duration, value: 72),
        Case(keywords: "duration:99999999999999999999", field: .duration, value: Int.max),
        Case(keywords: "duration:1:12", field: .duration, value: 12, codes: [.extraColon]),
        Case(keywords: "seconds:-30", field: .duration, value: 0, codes: [.clamped]),
        Case(keywords: "seconds: 90", field: .duration, value: 90),
        Case(keywords: "keysf:-8, keymi:0", field: .keysf, value: -7, codes: [.clamped]),
        Case(keywords: "keysf:-7, keymi:0", field: .keysf, value: -7),
        Case(keywords: "keysf:7, keymi:0", field: .keysf, value: 7),
        Case(keywords: "keysf:8, keymi:0", field: .keysf, value: 7, codes: [.clamped]),
        Case(keywords: "keysf:+3, keymi:0", field: .keysf, value: 3),
        Case(keywords: "keysf:-99999999999999999999, keymi:0", field: .keysf, value: -7, codes: [.clamped]),
        Case(keywords: "keysf:0, keymi:-1", field: .keymi, value: 0, codes: [.clamped]),
        Case(keywords: "keysf:0, keymi:0", field: .keymi, value: 0),
        Case(keywords: "keysf:0, keymi:1", field: .keymi, value: 1),
        Case(keywords: "keysf:0, keymi:2", field: .keymi, value: 1, codes: [.clamped]),
        Case(keywords: "keysf:0, keymi:minor", field: .keymi, value: 0, codes: [.nonNumeric]),
    ]

    @Test(arguments: edges)
    func clampingEdges(_ c: Case) {
        let (metadata, diagnostics) = Self.decode(c.keywords)
        #expect(metadata[c.field] == .number(c.value))
        #expect(diagnostics.map(\.code) == c.codes)
        #expect(diagnostics.allSatisfy { $0.field == c.field })
        #expect(metadata.tags.isEmpty)
    }

    static let prefixes: [Case] = [
        Case(keywords: "RATING:3", field: .rating, value: 3),
        Case(keywords: "Rating:3", field: .rating, value: 3),
        Case(keywords: "DiFfIcUlTy:2", field: .difficulty, value: 2),
        Case(keywords: "Duration:60", field: .duration, value: 60),
        Case(keywords: "SECONDS:60", field: .duration, value: 60),
        Case(keywords: "KeySF:-2, KEYMI:1", field: .keysf, value: -2),
        Case(keywords: "keysf:-2, KeyMi:1", field: .keymi, value: 1),
        // NSString's lowercaseString maps the Kelvin sign to "k".
        Case(keywords: "\u{212A}eysf:3, keymi:0", field: .keysf, value: 3),
        Case(keywords: "  rating:4  ", field: .rating, value: 4),
        Case(keywords: "\nrating:\t4\r\n", field: .rating, value: 4),
    ]

    @Test(arguments: prefixes)
    func caseInsensitivePrefixes(_ c: Case) {
        let (metadata, diagnostics) = Self.decode(c.keywords)
        #expect(metadata[c.field] == .number(c.value))
        #expect(diagnostics.isEmpty)
        #expect(metadata.tags.isEmpty)
    }

    @Test(arguments: ["rating", "rating 5", "my rating: 5", "ratings:4", "rating-5", "keysf=3", "forScore rating:4"])
    func notSpecialKeywordsAreTags(_ keywords: String) {
        let (metadata, diagnostics) = Self.decode(keywords)
        #expect(metadata.tags == [keywords])
        #expect(metadata.rating == nil && metadata.keysf == nil)
        #expect(diagnostics.isEmpty)
    }

    @Test func lastDuplicateWins() {
        let (metadata, diagnostics) = Self.decode("rating:2, jazz, rating:4, difficulty:1, Difficulty:3")
        #expect(metadata.rating == 4)
        #expect(metadata.difficulty == 3)
        #expect(metadata.tags == ["jazz"])
        #expect(diagnostics.map(\.code) == [.duplicateKeyword, .duplicateKeyword])
        #expect(diagnostics.map(\.field) == [.rating, .difficulty])
        #expect(diagnostics[0].message.contains("'rating:2'") && diagnostics[0].message.contains("'rating:4'"))
    }

    @Test(arguments: [("duration:60, seconds:30", 30), ("seconds:30, duration:60", 60)])
    func durationAndSecondsAreOneField(keywords: String, expected: Int) {
        let (metadata, diagnostics) = Self.decode(keywords)
        #expect(metadata.duration == expected)
        #expect(diagnostics.map(\.code) == [.duplicateKeyword])
    }

    struct LegacyCase: Sendable, CustomTestStringConvertible {
        var keywords: String
        var rating: Int?
        var difficulty: Int?
        var codes: [Diagnostic.Code]
        var testDescription: String { String(reflecting: keywords) }
    }

    static let legacy: [LegacyCase] = [
        // Alone: identity mapping, clamped.
        LegacyCase(keywords: "forScore-rating:4", rating: 4, difficulty: nil, codes: [.legacyKeyword]),
        LegacyCase(keywords: "forScore-difficulty:2", rating: nil, difficulty: 2, codes: [.legacyKeyword]),
        LegacyCase(keywords: "FORSCORE-RATING:1", rating: 1, difficulty: nil, codes: [.legacyKeyword]),
        LegacyCase(keywords: "forScore-rating:7", rating: 5, difficulty: nil, codes: [.clamped, .legacyKeyword]),
        LegacyCase(keywords: "forScore-difficulty:x", rating: nil, difficulty: 0, codes: [.nonNumeric, .legacyKeyword]),
        // A modern keyword wins whatever the order.
        LegacyCase(keywords: "forScore-rating:2, rating:4", rating: 4, difficulty: nil, codes: [.legacyKeyword]),
        LegacyCase(keywords: "rating:4, forScore-rating:2", rating: 4, difficulty: nil, codes: [.legacyKeyword]),
        LegacyCase(keywords: "forScore-difficulty:1, difficulty:0", rating: nil, difficulty: 0, codes: [.legacyKeyword]),
        // Among legacy keywords the last one wins.
        LegacyCase(
            keywords: "forScore-rating:2, forScore-rating:3", rating: 3, difficulty: nil,
            codes: [.duplicateKeyword, .legacyKeyword]),
    ]

    @Test(arguments: legacy)
    func legacyKeywords(_ c: LegacyCase) {
        let (metadata, diagnostics) = Self.decode(c.keywords)
        #expect(metadata.rating == c.rating)
        #expect(metadata.difficulty == c.difficulty)
        #expect(diagnostics.map(\.code) == c.codes)
        #expect(metadata.tags.isEmpty)
    }

    @Test func legacyIgnoredIsAWarningAndReadIsInfo() {
        let ignored = Self.decode("rating:4, forScore-rating:2").diagnostics
        #expect(ignored.map(\.severity) == [.warning])
        let read = Self.decode("forScore-difficulty:2").diagnostics
        #expect(read.map(\.severity) == [.info])
        #expect(read[0].message.contains("'difficulty:2'"))
    }

    @Test func halfKeys() {
        let sharps = Self.decode("keysf:3")
        #expect(sharps.metadata.keysf == 3 && sharps.metadata.keymi == nil && sharps.metadata.key == nil)
        #expect(sharps.diagnostics.map(\.code) == [.keysfWithoutKeymi])
        let mode = Self.decode("keymi:1")
        #expect(mode.metadata.keymi == 1 && mode.metadata.keysf == nil)
        #expect(mode.diagnostics.map(\.code) == [.keymiWithoutKeysf])
        #expect(Self.decode("keysf:-1, keymi:1").metadata.key?.name == "D minor")
    }

    /// A half key is quoted as the keyword the file holds, and the missing half as the keyword to add.
    @Test func halfKeyMessagesQuoteTheKeywordAsWritten() {
        #expect(Self.decode("piano, keysf:12").diagnostics.map(\.message) == [
            "'keysf:12' is read as 12, above 7; forScore shows 7",
            "'keysf:12' has no keymi; forScore cannot name the key (add 'keymi:0' major or 'keymi:1' minor)",
        ])
        #expect(Self.decode("keymi: 1").diagnostics.map(\.message) == [
            "'keymi: 1' has no keysf; forScore cannot name the key (add 'keysf:N', -7…7)"
        ])
    }

    @Test func messagesAreOneLineAndQuoteTheText() {
        let (_, diagnostics) = Self.decode("rating:9\n\n, difficulty:two\u{7}, keysf:1")
        #expect(diagnostics.count == 3)
        for diagnostic in diagnostics {
            #expect(!diagnostic.message.contains("\n"))
            #expect(diagnostic.message.first.map { $0 == "'" || $0.isLowercase } == true)
        }
        #expect(diagnostics[0].message == "'rating:9' is read as 9, above 5; forScore shows 5")
        #expect(diagnostics[1].message.contains("'difficulty:two\\u{7}'"))
    }
}
