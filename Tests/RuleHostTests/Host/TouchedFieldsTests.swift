import MetadataModel
import Testing
@testable import RuleHost

/// `TouchedFields` answers what the dictionary it replaced answered: for each field, the rules
/// that changed it, in run order.
struct TouchedFieldsTests {
    @Test func attributesLikeADictionaryOfFields() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var touched = TouchedFields()
            var expected: [MetadataField: [String]] = [:]
            var metadata = ScoreMetadata()
            for step in 0..<8 {
                let after = Self.randomEdit(of: metadata, using: &generator)
                let rule = "rule\(step)"
                touched.record(rule, changing: metadata, to: after)
                for field in MetadataField.allCases where after[field] != metadata[field] {
                    expected[field, default: []].append(rule)
                }
                metadata = after
            }
            for field in MetadataField.allCases {
                #expect(touched[field] == expected[field] ?? [])
            }
        }
    }

    @Test func anUntouchedFieldHasNoRules() {
        var touched = TouchedFields()
        touched.record("a", changing: ScoreMetadata(), to: ScoreMetadata(title: "T"))
        #expect(touched[.title] == ["a"])
        #expect(touched[.rating] == [])
    }

    /// `metadata` with a few fields set to random values (possibly the same ones).
    private static func randomEdit(
        of metadata: ScoreMetadata, using generator: inout SystemRandomNumberGenerator
    ) -> ScoreMetadata {
        var edited = metadata
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: edited.title = ["A", "B", nil].randomElement(using: &generator)!
            case 1: edited.tags = [["x"], [], ["x", "y"]].randomElement(using: &generator)!
            case 2: edited.rating = [1, 2, nil].randomElement(using: &generator)!
            default: edited.keysf = [0, -3, nil].randomElement(using: &generator)!
            }
        }
        return edited
    }
}
