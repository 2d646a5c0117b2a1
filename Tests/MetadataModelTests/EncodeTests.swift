import MetadataModel
import Testing

/// Writing Info strings, and the validation that precedes it.
struct EncodeTests {
    @Test func writesCanonicalInfoStrings() {
        let metadata = ScoreMetadata(
            title: "Nocturne Op. 9 № 2", composers: ["Frédéric Chopin"], genres: ["Romantic", "Piano"],
            tags: ["recital", "memorise"], labels: ["Label One"], rating: 4, difficulty: 2, duration: 270,
            keysf: -3, keymi: 0)
        let (info, diagnostics) = ForScoreCodec.encode(metadata)
        #expect(
            info
                == InfoStrings(
                    title: "Nocturne Op. 9 № 2", author: "Frédéric Chopin", subject: "Romantic, Piano",
                    keywords: "recital, memorise, rating:4, difficulty:2, duration:270, keysf:-3, keymi:0"))
        #expect(diagnostics.isEmpty)
    }

    @Test func secondsOption() {
        let (info, _) = ForScoreCodec.encode(
            ScoreMetadata(duration: 72), options: EncodingOptions(durationKeyword: .seconds))
        #expect(info.keywords == "seconds:72")
        #expect(ForScoreCodec.decode(info).metadata.duration == 72)
        #expect(EncodingOptions().durationKeyword == .duration)
    }

    @Test func specialKeywordsComeInCanonicalOrderAfterTags() {
        let (info, _) = ForScoreCodec.encode(ScoreMetadata(tags: ["z", "a"], rating: 0, keymi: 1))
        #expect(info.keywords == "z, a, rating:0, keymi:1")
    }

    @Test func emptyValuesAreNil() {
        let (info, diagnostics) = ForScoreCodec.encode(ScoreMetadata(title: "", labels: ["only a label"]))
        #expect(info == InfoStrings())
        #expect(diagnostics.isEmpty)
    }

    /// Changing one special keyword keeps every existing tag, in order.
    @Test func existingTagsSurviveAnEdit() {
        let original = InfoStrings(keywords: "b-tag, rating:2, a-tag, seconds:60, c-tag")
        var metadata = ForScoreCodec.decode(original).metadata
        metadata.rating = 5
        let (info, _) = ForScoreCodec.encode(metadata)
        #expect(info.keywords == "b-tag, a-tag, c-tag, rating:5, duration:60")
    }

    @Test func commaInValueIsSplit() {
        let (info, diagnostics) = ForScoreCodec.encode(ScoreMetadata(composers: ["Bach, Johann Sebastian", "Anon."]))
        #expect(info.author == "Bach, Johann Sebastian, Anon.")
        #expect(ForScoreCodec.decode(info).metadata.composers == ["Bach", "Johann Sebastian", "Anon."])
        #expect(diagnostics.map(\.code) == [.commaInValue])
        #expect(diagnostics[0].field == .composers)
        #expect(
            diagnostics[0].message
                == "'Bach, Johann Sebastian' contains ','; forScore reads 2 values: 'Bach', 'Johann Sebastian'")
    }

    struct ValidationCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: ScoreMetadata
        var output: ScoreMetadata
        var codes: [Diagnostic.Code]
        var testDescription: String { name }
    }

    static let validationCases: [ValidationCase] = [
        ValidationCase(
            name: "tags are trimmed, empty ones dropped", input: ScoreMetadata(tags: ["  jazz\n", " ", ""]),
            output: ScoreMetadata(tags: ["jazz"]), codes: [.emptyPiece, .emptyPiece]),
        ValidationCase(
            name: "tag that looks like a keyword", input: ScoreMetadata(tags: ["a", " Rating:5", "seconds:3", "b"]),
            output: ScoreMetadata(tags: ["a", "b"]), codes: [.tagLooksLikeKeyword, .tagLooksLikeKeyword]),
        ValidationCase(
            name: "keyword-like composer is fine", input: ScoreMetadata(composers: ["rating:5"]),
            output: ScoreMetadata(composers: ["rating:5"]), codes: []),
        ValidationCase(
            name: "comma in a tag", input: ScoreMetadata(tags: ["a,b,", "c"]),
            output: ScoreMetadata(tags: ["a", "b", "c"]), codes: [.commaInValue]),
        ValidationCase(
            name: "comma hides a keyword", input: ScoreMetadata(tags: ["x, rating:2"]),
            output: ScoreMetadata(tags: ["x"]), codes: [.commaInValue, .tagLooksLikeKeyword]),
        ValidationCase(
            name: "semicolon stays", input: ScoreMetadata(genres: ["Folk; Pop"]),
            output: ScoreMetadata(genres: ["Folk; Pop"]), codes: [.semicolonSeparated]),
        ValidationCase(
            name: "labels split too", input: ScoreMetadata(labels: ["One, Two"]),
            output: ScoreMetadata(labels: ["One", "Two"]), codes: [.commaInValue]),
        ValidationCase(
            name: "numbers clamped",
            input: ScoreMetadata(rating: 6, difficulty: -1, duration: -5, keysf: 12, keymi: 2),
            output: ScoreMetadata(rating: 5, difficulty: 0, duration: 0, keysf: 7, keymi: 1),
            codes: [.clamped, .clamped, .clamped, .clamped, .clamped]),
        ValidationCase(
            name: "extreme numbers", input: ScoreMetadata(rating: Int.min, duration: Int.max, keysf: Int.min, keymi: 0),
            output: ScoreMetadata(rating: 0, duration: Int.max, keysf: -7, keymi: 0), codes: [.clamped, .clamped]),
        ValidationCase(
            name: "half a key", input: ScoreMetadata(keysf: 2),
            output: ScoreMetadata(keysf: 2), codes: [.keysfWithoutKeymi]),
        ValidationCase(
            name: "empty title", input: ScoreMetadata(title: ""), output: ScoreMetadata(), codes: []),
        ValidationCase(
            name: "title with line break", input: ScoreMetadata(title: " A\r\nB "),
            output: ScoreMetadata(title: " A\r\nB "), codes: [.newlineInTitle]),
    ]

    @Test(arguments: validationCases)
    func validation(_ c: ValidationCase) {
        let (metadata, diagnostics) = ForScoreCodec.validate(c.input)
        #expect(metadata == c.output)
        #expect(diagnostics.map(\.code) == c.codes)
        // What validation promises: this is what forScore shows after the trip.
        var trip = ForScoreCodec.decode(ForScoreCodec.encode(c.input).info).metadata
        trip.labels = metadata.labels
        #expect(trip == metadata)
        // And validation is idempotent.
        #expect(ForScoreCodec.validate(metadata).metadata == metadata)
    }

    /// A half key left by validation is quoted as the keyword tagrules writes.
    @Test func halfKeyMessageQuotesTheKeywordWritten() {
        #expect(ForScoreCodec.validate(ScoreMetadata(keysf: 2)).diagnostics.map(\.description) == [
            "warning: keysf: 'keysf:2' has no keymi; forScore cannot name the key (add 'keymi:0' major or 'keymi:1' minor) [keysf-without-keymi]"
        ])
    }

    @Test func clampMessageNamesTheFieldAndRange() {
        let (_, diagnostics) = ForScoreCodec.validate(ScoreMetadata(difficulty: 9))
        #expect(diagnostics.map(\.message) == ["difficulty 9 is above 3; forScore shows 3"])
        #expect(
            diagnostics.map(\.description) == ["warning: difficulty: difficulty 9 is above 3; forScore shows 3 [clamped]"])
        #expect(ForScoreCodec.validate(ScoreMetadata(keysf: -9, keymi: 0)).diagnostics.map(\.message) == [
            "keysf -9 is below -7; forScore shows -7"
        ])
    }
}
