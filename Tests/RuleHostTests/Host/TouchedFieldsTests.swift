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
                touched.record(rule, from: [], changing: metadata, to: after)
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
        touched.record("a", from: [], changing: ScoreMetadata(), to: ScoreMetadata(title: "T"))
        #expect(touched[.title] == ["a"])
        #expect(touched[.rating] == [])
    }

    /// `metadata` with a few fields set to random values (possibly the same ones).
    private static func randomEdit(
        of metadata: ScoreMetadata, using generator: inout SystemRandomNumberGenerator
    ) -> ScoreMetadata {
        var edited = metadata
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            let lists = [["x"], [], ["x", "y"]]
            let numbers = [1, 2, nil]
            switch MetadataField.allCases.randomElement(using: &generator)! {
            case .title: edited.title = ["A", "B", nil].randomElement(using: &generator)!
            case .composers: edited.composers = lists.randomElement(using: &generator)!
            case .genres: edited.genres = lists.randomElement(using: &generator)!
            case .tags: edited.tags = lists.randomElement(using: &generator)!
            case .labels: edited.labels = lists.randomElement(using: &generator)!
            case .rating: edited.rating = numbers.randomElement(using: &generator)!
            case .difficulty: edited.difficulty = numbers.randomElement(using: &generator)!
            case .duration: edited.duration = numbers.randomElement(using: &generator)!
            case .keysf: edited.keysf = numbers.randomElement(using: &generator)!
            case .keymi: edited.keymi = numbers.randomElement(using: &generator)!
            }
        }
        return edited
    }
}
