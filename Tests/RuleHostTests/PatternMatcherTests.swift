import Testing

@testable import RuleHost

struct PatternMatcherTests {
    @Test func capturesComposerAndTitle() {
        #expect(
            PatternMatcher.match("Chopin - Nocturne Op. 9 No. 2", pattern: "%composer% - %title%")
                == ["composer": "Chopin", "title": "Nocturne Op. 9 No. 2"])
    }

    @Test func capturesAreNonGreedyFromTheLeft() {
        #expect(PatternMatcher.match("a - b - c", pattern: "%x% - %y%") == ["x": "a", "y": "b - c"])
        #expect(
            PatternMatcher.match("a - b - c", pattern: "%x% - %y% - %z%") == ["x": "a", "y": "b", "z": "c"])
    }

    @Test func backtracksWhenTheShortestCaptureFails() {
        // The first ".pdf" is not at the end, so the capture grows past it.
        #expect(PatternMatcher.match("a.pdf.pdf", pattern: "%title%.pdf") == ["title": "a.pdf"])
        #expect(
            PatternMatcher.match("Bach - Minuet - G.pdf", pattern: "%c% - %t% - %k%.pdf")
                == ["c": "Bach", "t": "Minuet", "k": "G"])
        // Non-greedy: the first " (" ends the title, as in Mp3tag.
        #expect(
            PatternMatcher.match("Song (live) (1999)", pattern: "%title% (%year%)")
                == ["title": "Song", "year": "live) (1999"])
    }

    @Test func ignoredCapturesAreLeftOut() {
        let captures = PatternMatcher.match(
            "IMSLP00042-Chopin_-_Prelude_Op.28", pattern: "%_%-%composer%_-_%title%")
        #expect(captures == ["composer": "Chopin", "title": "Prelude_Op.28"])
        #expect(PatternMatcher.match("x - y", pattern: "%dummy% - %title%") == ["title": "y"])
    }

    @Test func capturesAreTrimmedAndMustNotBeBlank() {
        #expect(PatternMatcher.match("  Bach  -  Minuet ", pattern: "%c%-%t%") == ["c": "Bach", "t": "Minuet"])
        #expect(PatternMatcher.match(" - Minuet", pattern: "%c% - %t%") == nil)
        #expect(PatternMatcher.match("Bach - ", pattern: "%c% - %t%") == nil)
    }

    @Test func literalsMustMatchExactly() {
        #expect(PatternMatcher.match("Bach – Minuet", pattern: "%c% - %t%") == nil)
        #expect(PatternMatcher.match("Bach - Minuet", pattern: "%c% - %t%.pdf") == nil)
        #expect(PatternMatcher.match("Bach - Minuet.PDF", pattern: "%c% - %t%.pdf") == nil)
        #expect(PatternMatcher.match("Bach - Minuet.pdf", pattern: "%c% - %t%.pdf") == ["c": "Bach", "t": "Minuet"])
    }

    @Test func wholeTextMustMatch() {
        #expect(PatternMatcher.match("x Bach - Minuet", pattern: "Bach - %t%") == nil)
        #expect(PatternMatcher.match("Bach - Minuet", pattern: "Bach - Minuet") == [:])
        #expect(PatternMatcher.match("Bach - Minuet", pattern: "Bach") == nil)
    }

    @Test func percentSignsThatAreNotCapturesAreLiteral() {
        #expect(PatternMatcher.match("100% Bach", pattern: "100%% %c%") == ["c": "Bach"])
        #expect(PatternMatcher.match("50% off", pattern: "50% %x%") == ["x": "off"])
        #expect(PatternMatcher.match("a %b c", pattern: "%x% %b %y%") == ["x": "a", "y": "c"])
        #expect(PatternMatcher.parse("%a b%") == [.literal(Array("%a b%"))])
    }

    @Test func repeatedNameKeepsTheLaterCapture() {
        #expect(PatternMatcher.match("a-b", pattern: "%x%-%x%") == ["x": "b"])
    }

    @Test func adjacentCapturesSplitAtTheFirstCharacter() {
        #expect(PatternMatcher.match("abc", pattern: "%x%%y%") == ["x": "a", "y": "bc"])
    }

    @Test func hostileInputStaysFast() {
        // Ten adjacent captures and a literal that never occurs: exponential without the memo.
        let text = String(repeating: "a", count: 400)
        let pattern = String(repeating: "%_%", count: 10) + "b"
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(PatternMatcher.match(text, pattern: pattern) == nil) }
        #expect(elapsed < .seconds(5))
        let long = String(repeating: "x", count: PatternMatcher.maximumTextLength + 1)
        #expect(PatternMatcher.match(long, pattern: "%a%") == nil)
    }
}

/// The per-state cache of parsed patterns gives the answers of parsing each time.
struct PatternCacheTests {
    @Test func sharedCacheMatchesAsAFreshParse() {
        let cache = PatternCache()
        let patterns = ["%composer% - %title%", "%a%-%b%", "%%x%y%", "%_% (%n%)", "%x%%y%", "Op. %n%", "%a b%"]
            + (0..<(PatternCache.capacity + 20)).map { "%a%-\($0)-%b%" }
        let texts = ["Chopin - Nocturne", "a-b", "%xy", "Etude (3)", "abc", "Op. 9", "x-7-y", "x-300-y", "Ré - é"]
        for pattern in patterns + patterns.prefix(7) {
            for text in texts {
                #expect(
                    PatternMatcher.match(text, pattern: pattern, cache: cache)
                        == PatternMatcher.match(text, pattern: pattern), "\(text) / \(pattern)")
            }
        }
    }

    /// The literal screening (a literal that occurs nowhere settles the match) answers as the
    /// full search on generated texts and patterns, ASCII and not.
    @Test func screeningAnswersAsTheFullSearch() {
        var numbers = SeededNumbers(seed: 0x7061_7474_6572_6E73)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let pieces = ["Bach", " - ", "-", "_", " ", "(", ")", ".pdf", "é", "Op. 9", "%", "a", "  ", "Nocturne"]
        let patterns = [
            "%composer% - %title%", "%c%-%t%", "%_%-%composer%_-_%title%", "%title% (%year%)", "%t%.pdf",
            "%x% - %y% - %z%", "Op. %n%", "%a%é%b%", "100%% %x%", "%title%", "plain text",
        ]
        var (matched, unmatched) = (0, 0)
        for _ in 0..<3_000 {
            let text = (0..<(1 + next(6))).map { _ in pieces[next(pieces.count)] }.joined()
            let pattern = patterns[next(patterns.count)]
            let screened = PatternMatcher.match(text, pattern: pattern, cache: PatternCache())
            let full = PatternMatcher.match(text, pattern: pattern, cache: nil, screened: false)
            #expect(screened == full, "\(text.debugDescription) ~ \(pattern)")
            if full == nil { unmatched += 1 } else { matched += 1 }
        }
        #expect(matched > 100 && unmatched > 100)
    }
}
