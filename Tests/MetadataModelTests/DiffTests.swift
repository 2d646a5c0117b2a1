import Foundation
import MetadataModel
import Testing

struct DiffTests {
    @Test func changesListOnlyDifferingFieldsInFieldOrder() {
        let before = ScoreMetadata(title: "Minuet", composers: ["Bach"], tags: ["piano", "beginner"], rating: 4)
        var after = before
        after.keysf = 1
        after.keymi = 0
        after.tags = ["beginner", "piano"]
        after.rating = nil
        after.title = "Minuet in G"
        let changes = before.changes(to: after)
        #expect(changes.map(\.field) == [.title, .tags, .rating, .keysf, .keymi])
        #expect(changes[0] == MetadataChange(field: .title, before: .text("Minuet"), after: .text("Minuet in G")))
        #expect(changes[1].after == .list(["beginner", "piano"]))
        #expect(changes[2] == MetadataChange(field: .rating, before: .number(4), after: .number(nil)))
        #expect(before.changes(to: before).isEmpty)
    }

    @Test(arguments: MetadataField.allCases)
    func subscriptReadsEveryField(field: MetadataField) {
        let metadata = ScoreMetadata(
            title: "t", composers: ["c"], genres: ["g"], tags: ["x"], labels: ["l"], rating: 1, difficulty: 2,
            duration: 3, keysf: 4, keymi: 1)
        let expected: FieldValue =
            switch field {
            case .title: .text("t")
            case .composers: .list(["c"])
            case .genres: .list(["g"])
            case .tags: .list(["x"])
            case .labels: .list(["l"])
            case .rating: .number(1)
            case .difficulty: .number(2)
            case .duration: .number(3)
            case .keysf: .number(4)
            case .keymi: .number(1)
            }
        #expect(metadata[field] == expected)
        #expect(ScoreMetadata()[field].isEmpty)
        #expect(ScoreMetadata().changes(to: metadata).map(\.field) == MetadataField.allCases)
    }

    @Test func fieldValuesAreJSONScalars() throws {
        let changes = [
            MetadataChange(field: .title, before: .text(nil), after: .text("Nocturne")),
            MetadataChange(field: .tags, before: .list([]), after: .list(["a", "b"])),
            MetadataChange(field: .rating, before: .number(nil), after: .number(3)),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(changes), as: UTF8.self)
        #expect(
            json
                == #"[{"after":"Nocturne","before":null,"field":"title"},{"after":["a","b"],"before":[],"field":"tags"},{"after":3,"before":null,"field":"rating"}]"#
        )
        // null decodes as the field's own kind.
        #expect(try JSONDecoder().decode([MetadataChange].self, from: Data(json.utf8)) == changes)
    }

    @Test func fieldValueRejectsOtherJSON() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FieldValue.self, from: Data("2.5".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FieldValue.self, from: Data(#"{"a":1}"#.utf8)) }
    }

    @Test func descriptions() {
        #expect(FieldValue.text("Nocturne").description == "\"Nocturne\"")
        #expect(FieldValue.list(["a", "b"]).description == "[a, b]")
        #expect(FieldValue.number(3).description == "3")
        #expect(FieldValue.number(nil).description == "—")
    }
}
