import Foundation
import MetadataModel
import Testing

/// Open In annotations as JSON and property-list text, checked against Foundation's parsers.
struct AnnotationExportTests {
    static let example = OpenInAnnotation(
        ScoreMetadata(
            title: "Nocturne Op. 90 № 2", composers: ["Frédéric Chopin"], genres: ["My Genre"], tags: ["My Tag"],
            labels: ["Label One", "Label Two", "Label Three"], rating: 5, difficulty: 2, duration: 72, keysf: 0,
            keymi: 0))

    @Test func jsonFollowsTheSpecKeyOrder() {
        #expect(
            AnnotationExport.json(Self.example) == """
                {
                  "title": "Nocturne Op. 90 № 2",
                  "composers": "Frédéric Chopin",
                  "genres": "My Genre",
                  "tags": "My Tag",
                  "labels": "Label One, Label Two, Label Three",
                  "rating": 5,
                  "difficulty": 2,
                  "duration": 72,
                  "keysf": 0,
                  "keymi": 0
                }

                """)
        #expect(AnnotationExport.json(OpenInAnnotation(ScoreMetadata())) == "{}\n")
    }

    @Test func propertyListFollowsApplesLayout() {
        let annotation = OpenInAnnotation(ScoreMetadata(title: "Bach & Sons <live>", keysf: -3))
        #expect(
            AnnotationExport.propertyList(annotation) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>title</key>
                \t<string>Bach &amp; Sons &lt;live&gt;</string>
                \t<key>keysf</key>
                \t<integer>-3</integer>
                </dict>
                </plist>

                """)
    }

    @Test func unknownKeysFollowInCodePointOrder() {
        let annotation = OpenInAnnotation(dictionary: ["zeta": 1, "title": "T", "Alpha": "a", "rating": 2])
        #expect(AnnotationExport.json(annotation) == "{\n  \"title\": \"T\",\n  \"rating\": 2,\n  \"Alpha\": \"a\",\n  \"zeta\": 1\n}\n")
    }

    /// Awkward text both parsers must give back unchanged.
    static let awkward = "Quote \" backslash \\ slash / tab\tnewline\n cr\r bell\u{07} nul\u{00} sep\u{2028} é 🎻 <&>"

    @Test func foundationReadsTheJSONBack() throws {
        let files = [
            AnnotationExport.File(file: "a.pdf", annotation: Self.example),
            AnnotationExport.File(file: Self.awkward, annotation: OpenInAnnotation(dictionary: ["title": .string(Self.awkward), "duration": .number(Int.min)])),
            AnnotationExport.File(file: "a.pdf", annotation: OpenInAnnotation(dictionary: [:])),
        ]
        let json = AnnotationExport.json(files)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.map { $0["file"] as? String } == ["a.pdf", Self.awkward, "a.pdf"])
        let second = try #require(parsed[1]["annotation"] as? [String: Any])
        #expect(second["title"] as? String == Self.awkward)
        #expect((second["duration"] as? NSNumber)?.intValue == Int.min)
        let first = try JSONDecoder().decode(OpenInAnnotation.self, from: JSONSerialization.data(withJSONObject: parsed[0]["annotation"]!))
        #expect(first == Self.example)
    }

    @Test func foundationReadsThePropertyListBack() throws {
        // XML cannot carry U+0000 or U+0007; they become U+FFFD.
        let written = Self.awkward.replacingOccurrences(of: "\u{07}", with: "\u{FFFD}")
            .replacingOccurrences(of: "\u{00}", with: "\u{FFFD}")
        let annotation = OpenInAnnotation(dictionary: ["title": .string(Self.awkward), "keysf": -7, "duration": .number(Int.max)])
        let data = Data(AnnotationExport.propertyList(annotation).utf8)
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(plist["title"] as? String == written)
        #expect((plist["keysf"] as? NSNumber)?.intValue == -7)
        #expect((plist["duration"] as? NSNumber)?.intValue == Int.max)
        let many = Data(AnnotationExport.propertyList([AnnotationExport.File(file: "x.pdf", annotation: Self.example)]).utf8)
        let array = try #require(try PropertyListSerialization.propertyList(from: many, format: nil) as? [[String: Any]])
        #expect(array.first?["file"] as? String == "x.pdf")
        #expect((array.first?["annotation"] as? [String: Any])?["composers"] as? String == "Frédéric Chopin")
        #expect(AnnotationExport.propertyList([]).contains("\n<array/>\n"))
    }
}
