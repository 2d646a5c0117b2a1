import Testing
@testable import RuleHost

/// File-name suffixes the key parser ignores: extensions and download counters.
struct KeyTokenizerTests {
    @Test(arguments: [
        ("Schubert_Serenade_D_minor (1).pdf", "Schubert_Serenade_D_minor"),
        ("Nocturne (12)  ", "Nocturne"),
        ("Nocturne(2)", "Nocturne"),
        ("Sonata (Op. 2)", "Sonata (Op. 2)"),
        ("Suite ()", "Suite ()"),
        ("(3)", ""),
        ("Etude.PDF", "Etude"),
        ("Prelude in A major", "Prelude in A major"),
    ])
    func stripsExtensionsAndDownloadCounters(text: String, expected: String) {
        #expect(String(KeyTokenizer.stripFileSuffixes(text)) == expected)
    }
}
