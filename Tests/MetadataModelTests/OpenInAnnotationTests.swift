import Foundation
import MetadataModel
import Testing

/// The Open In annotation dictionary (open-in.txt).
struct OpenInAnnotationTests {
    /// The dictionary from open-in.txt's "Supplying Annotations" example.
    static let example: [String: AnnotationValue] = [
        "title": "Nocturne Op. 90 № 2", "composers": "Frédéric Chopin", "genres": "My Genre", "tags": "My Tag",
        "labels": "Label One, Label Two, Label Three", "difficulty": 2, "rating": 5, "duration": 72, "keysf": 0,
        "keymi": 0,
    ]

    @Test func readsTheSpecExample() {
        let (metadata, diagnostics) = OpenInAnnotation(dictionary: Self.example).decoded()
        #expect(
            metadata
                == ScoreMetadata(
                    title: "Nocturne Op. 90 № 2", composers: ["Frédéric Chopin"], genres: ["My Genre"], tags: ["My Tag"],
                    labels: ["Label One", "Label Two", "Label Three"], rating: 5, difficulty: 2, duration: 72, keysf: 0,
                    keymi: 0))
        #expect(diagnostics.isEmpty)
    }

    @Test func buildsTheSpecExample() {
        let metadata = OpenInAnnotation(dictionary: Self.example).decoded().metadata
        #expect(OpenInAnnotation(metadata).dictionary == Self.example)
    }

    @Test func leavesOutUnsetFields() {
        #expect(OpenInAnnotation(ScoreMetadata(title: "", tags: [], rating: 0)).dictionary == ["rating": 0])
    }

    @Test func numbersMayBeStringsAndAreClamped() {
        let annotation = OpenInAnnotation(dictionary: [
            "rating": "4", "difficulty": " 9", "duration": "72s", "keysf": -20, "keymi": "minor",
        ])
        let (metadata, diagnostics) = annotation.decoded()
        #expect(metadata.rating == 4)
        #expect(metadata.difficulty == 3)
        #expect(metadata.duration == 72)
        #expect(metadata.keysf == -7)
        #expect(metadata.keymi == 0)
        #expect(diagnostics.map(\.code) == [.clamped, .trailingText, .clamped, .nonNumeric])
        #expect(diagnostics.map(\.field) == [.difficulty, .duration, .keysf, .keymi])
    }

    /// A half key is quoted as the annotation gives it, a number or a string.
    @Test func halfKeyMessagesQuoteTheAnnotationValue() {
        #expect(OpenInAnnotation(dictionary: ["keysf": -3]).decoded().diagnostics.map(\.message) == [
            "annotation keysf '-3' has no keymi; forScore cannot name the key (add keymi: 0 major, 1 minor)"
        ])
        #expect(OpenInAnnotation(dictionary: ["keymi": "1"]).decoded().diagnostics.map(\.message) == [
            "annotation keymi '1' has no keysf; forScore cannot name the key (add keysf: -7…7)"
        ])
    }

    @Test func tagsAreNotSpecialKeywordsHere() {
        let (metadata, diagnostics) = OpenInAnnotation(dictionary: ["tags": "rating:5,  jazz ,"]).decoded()
        #expect(metadata.tags == ["rating:5", "jazz"])
        #expect(metadata.rating == nil)
        #expect(diagnostics.map(\.code) == [.emptyPiece])
    }

    @Test func wrongTypesAreIgnored() {
        let (metadata, diagnostics) = OpenInAnnotation(dictionary: ["title": 7, "composers": 3, "Title": "x"]).decoded()
        #expect(metadata == ScoreMetadata())
        #expect(diagnostics.map(\.code) == [.wrongType, .wrongType])
        #expect(diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func codableAsAPlainObject() throws {
        let annotation = OpenInAnnotation(ScoreMetadata(title: "T", composers: ["A", "B"], rating: 3))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(annotation), as: UTF8.self)
        #expect(json == #"{"composers":"A, B","rating":3,"title":"T"}"#)
        #expect(try JSONDecoder().decode(OpenInAnnotation.self, from: Data(json.utf8)) == annotation)
        let fractional = try JSONDecoder().decode(OpenInAnnotation.self, from: Data(#"{"duration": 72.9, "rating": -1e300}"#.utf8))
        #expect(fractional.dictionary == ["duration": 72, "rating": .number(Int.min)])
    }
}
