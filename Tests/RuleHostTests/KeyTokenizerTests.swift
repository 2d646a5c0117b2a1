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

/// Token boundaries, folding and separators (characters classified through `Character`, so a
/// letter with a combining mark is one letter).
struct KeyTokenSplitTests {
    /// Renders tokens as `separator:text/folded`, the separator as one character.
    private func rendered(_ text: String) -> String {
        KeyTokenizer.tokens(text[...]).tokens.map { token in
            let separator = switch token.separator {
            case .start: "^"
            case .none: "+"
            case .space: " "
            case .joiner: "-"
            case .filename: "_"
            case .hard: "|"
            }
            return token.text == token.folded ? separator + token.text : separator + token.text + "/" + token.folded
        }.joined()
    }

    @Test(arguments: [
        ("NocturneInEFlatMajor", "^Nocturne/nocturne+In/in+E/e+Flat/flat+Major/major"),
        ("Op28No7", "^Op/op+28+No/no+7"),
        ("C#m_Es-Dur", "^C#m/c#m_Es/es-Dur/dur"),
        ("Child's Song - E♭", "^Child's/child's Song/song|E♭/e♭"),
        ("in_A__major", "^in_A/a_major"),
        ("a--b, c", "^a|b|c"),
        ("Prélude en ré mineur", "^Prélude/prelude en ré/re mineur"),
        ("Pre\u{301}lude", "^Pre\u{301}lude/prelude"),
        ("Es\u{2019}Dur\r\nH", "^Es\u{2019}Dur/es\u{2019}dur H/h"),
        ("GYMNOPÉDIES", "^GYMNOPÉDIES/gymnopedies"),
        ("", ""),
    ])
    func splitsFoldsAndClassifies(text: String, expected: String) {
        #expect(rendered(text) == expected)
    }

    @Test(arguments: [("canon_in_d", false), ("Canon", true), ("é", false), ("É", true), ("-_ ", false)])
    func reportsUppercase(text: String, expected: Bool) {
        #expect(KeyTokenizer.tokens(text[...]).hasUppercase == expected)
    }
}
