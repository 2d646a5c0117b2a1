import MetadataModel
import Testing

/// How a diagnostic's location and field are written in front of its message, the one form
/// every report uses (`Diagnostic.locatedMessage`).
struct DiagnosticTextTests {
    @Test(arguments: [
        (Diagnostic.Location(), nil, "m"),
        (Diagnostic.Location(), MetadataField.tags, "tags: m"),
        (Diagnostic.Location(offset: 1234), nil, "m at offset 1234"),
        (Diagnostic.Location(line: 4), nil, "line 4: m"),
        (Diagnostic.Location(file: "20-genre.lua"), nil, "20-genre.lua: m"),
        (Diagnostic.Location(file: "20-genre.lua", line: 12), MetadataField.genres, "20-genre.lua:12: genres: m"),
        (Diagnostic.Location(rule: "genre"), nil, "rule 'genre': m"),
        (Diagnostic.Location(file: "20-genre.lua", line: 12, rule: "genre"), MetadataField.genres, "rule 'genre', 20-genre.lua:12: genres: m"),
    ] as [(Diagnostic.Location, MetadataField?, String)])
    func locationAndFieldLeadTheMessage(location: Diagnostic.Location, field: MetadataField?, expected: String) {
        let diagnostic = Diagnostic(severity: .warning, code: "some-code", field: field, message: "m", location: location)
        #expect(diagnostic.locatedMessage == expected)
        #expect(diagnostic.description == "warning: \(expected) [some-code]")
    }

    @Test func severitiesAreOrdered() {
        #expect(Diagnostic.Severity.info < .warning && Diagnostic.Severity.warning < .error)
        #expect([Diagnostic.Severity.error, .info, .warning].max() == .error)
    }

    /// A finding of the codec itself: the field leads, the code is the codec's.
    @Test func aCodecFindingNamesItsField() throws {
        let (_, diagnostics) = ForScoreCodec.decode(InfoStrings(title: "Sonata\nI. Allegro"))
        let finding = try #require(diagnostics.first)
        #expect(finding.code == .newlineInTitle && finding.code.rawValue == "newline-in-title")
        #expect(finding.locatedMessage == "title: " + finding.message)
    }
}
