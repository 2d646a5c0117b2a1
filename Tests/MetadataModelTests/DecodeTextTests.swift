import MetadataModel
import Testing

/// Reading Title, Author, Subject and the tags of Keywords.
struct DecodeTextTests {
    @Test func titleIsUsedAsIs() {
        #expect(ForScoreCodec.decode(InfoStrings(title: "  Nocturne, Op. 9  ")).metadata.title == "  Nocturne, Op. 9  ")
        #expect(ForScoreCodec.decode(InfoStrings(title: "")).metadata.title == nil)
        #expect(ForScoreCodec.decode(InfoStrings()).metadata.title == nil)
    }

    @Test func titleWithLineBreakIsKeptAndReported() {
        let (metadata, diagnostics) = ForScoreCodec.decode(InfoStrings(title: "Sonata\nI. Allegro"))
        #expect(metadata.title == "Sonata\nI. Allegro")
        #expect(diagnostics.map(\.code) == [.newlineInTitle])
        #expect(diagnostics[0].message.contains("'Sonata\\nI. Allegro'"))
    }

    @Test(arguments: [
        ("Bach, Johann Sebastian", ["Bach", "Johann Sebastian"]),
        ("Chopin, Frédéric", ["Chopin", "Frédéric"]),
        ("J. S. Bach", ["J. S. Bach"]),
        ("Mozart,Haydn , \tBeethoven\n", ["Mozart", "Haydn", "Beethoven"]),
        ("\u{3000}Takemitsu\u{2028}", ["Takemitsu"]),
    ])
    func authorIsSplitOnCommas(author: String, composers: [String]) {
        let (metadata, diagnostics) = ForScoreCodec.decode(InfoStrings(author: author))
        #expect(metadata.composers == composers)
        #expect(diagnostics.isEmpty)
    }

    @Test func subjectBecomesGenres() {
        let (metadata, _) = ForScoreCodec.decode(InfoStrings(subject: "Baroque, Dance"))
        #expect(metadata.genres == ["Baroque", "Dance"])
    }

    @Test func tagsKeepTheirOrderAroundSpecialKeywords() {
        let (metadata, diagnostics) = ForScoreCodec.decode(
            InfoStrings(keywords: "piano, rating:3, beginner, keysf:1, keymi:0, Jazz Standards"))
        #expect(metadata.tags == ["piano", "beginner", "Jazz Standards"])
        #expect(metadata.rating == 3)
        #expect(metadata.key?.name == "G major")
        #expect(diagnostics.isEmpty)
    }

    @Test func keywordsJoinedWithSpacesAreOneTag() {
        let (metadata, _) = ForScoreCodec.decode(InfoStrings(keywords: "piano beginner rating:3"))
        #expect(metadata.tags == ["piano beginner rating:3"])
        #expect(metadata.rating == nil)
    }

    @Test(arguments: [
        (MetadataField.tags, "folk; guitar", ["folk; guitar"]),
        (.composers, "Lennon; McCartney", ["Lennon; McCartney"]),
        (.genres, "Folk;Pop, Rock", ["Folk;Pop", "Rock"]),
    ])
    func semicolonsDoNotSeparate(field: MetadataField, text: String, expected: [String]) {
        var info = InfoStrings()
        switch field {
        case .composers: info.author = text
        case .genres: info.subject = text
        default: info.keywords = text
        }
        let (metadata, diagnostics) = ForScoreCodec.decode(info)
        #expect(metadata[field] == .list(expected))
        #expect(diagnostics.map(\.code) == [.semicolonSeparated])
        #expect(diagnostics.map(\.field) == [field])
        #expect(diagnostics[0].severity == .warning)
    }

    @Test(arguments: [
        ("a,,b", ["a", "b"], true),
        ("a, b,", ["a", "b"], true),
        (", a", ["a"], true),
        (" , ", [], true),
        ("", [], false),
        ("   ", [], false),
        ("a", ["a"], false),
    ])
    func emptyPiecesAreDropped(keywords: String, tags: [String], reported: Bool) {
        let (metadata, diagnostics) = ForScoreCodec.decode(InfoStrings(keywords: keywords))
        #expect(metadata.tags == tags)
        #expect(diagnostics.map(\.code) == (reported ? [.emptyPiece] : []))
    }

    /// NSString splits and trims code units, not grapheme clusters: a comma followed by a
    /// combining mark still separates, and a leading space before a combining mark is trimmed.
    @Test func splitsOnScalarsNotCharacters() {
        let (metadata, _) = ForScoreCodec.decode(InfoStrings(keywords: "a,\u{301}b, \u{301}c"))
        #expect(metadata.tags.map { Array($0.unicodeScalars) } == [["a"], ["\u{301}", "b"], ["\u{301}", "c"]])
    }

    @Test func zeroWidthSpaceIsNotTrimmed() {
        // U+200B is not in NSCharacterSet.whitespaceAndNewlineCharacterSet (category Cf).
        let (metadata, _) = ForScoreCodec.decode(InfoStrings(keywords: "\u{200B}jazz"))
        #expect(metadata.tags == ["\u{200B}jazz"])
    }

    @Test func labelsAreNeverInPDFMetadata() {
        let (metadata, _) = ForScoreCodec.decode(InfoStrings(title: "T", keywords: "labels:x, Label One"))
        #expect(metadata.labels.isEmpty)
        #expect(metadata.tags == ["labels:x", "Label One"])
    }
}

struct SplitListTests {
    @Test(arguments: [
        ("Label One, Label Two, Label Three", ["Label One", "Label Two", "Label Three"]),
        ("rating:5, , jazz\n", ["rating:5", "jazz"]),
        ("", []),
        (" ,\t, ", []),
    ])
    func splitsLikeForScore(text: String, values: [String]) {
        #expect(ForScoreCodec.splitList(text) == values)
    }
}
