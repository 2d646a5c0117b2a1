import MetadataModel

/// Groups placed glyphs into words and lines, roughly as poppler's TextOutputDev does for
/// `pdftotext`:
/// - glyphs shown one after another on one baseline make a word while each starts within
///   0.1 em after the previous one ends (a wider gap, a space glyph, a step back of more than
///   0.2 em, another size or another baseline starts a new word); a glyph drawn again over
///   itself (fake bold) is dropped, and so is a word drawn again over itself;
/// - words share a line when their baselines lie within half the larger em of each other
///   (a superscript joins its line), neither is more than 2.5 times the other's size (a
///   watermark's giant letters make lines of their own) and neither covers part of the other;
///   a line's words are read left to right, with a space where the gap is as wide as
///   `spaceThreshold` (0.03 em, more in text set letter by letter);
/// - a gap wider than `segmentGap` ems (of the smaller size) splits a line into separate lines
///   (a left-aligned lyricist and a right-aligned composer stay apart);
/// - lines are ordered as poppler's physical layout (`pdftotext -layout`) orders them: rows
///   top to bottom, each row left to right (`inReadingOrder`).
/// Text turned by a right angle is read in its own direction and listed after the upright text.
enum LineBuilder {
    static let wordBreakSpace = 0.1
    static let duplicateBreakOverlap = 0.2
    static let duplicatePrimaryDelta = 0.1
    static let duplicateSecondaryDelta = 0.2
    static let baselineDelta = 0.5
    static let segmentGap = 3.0
    static let lineDelta = 0.5
    static let lineSizeRatio = 0.4
    static let narrowSpace = 0.03
    static let letterSpacingFactor = 1.3
    static let widestLetterSpacing = 0.4

    /// A word, in the frame of its direction: `u` along the baseline, `v` across it (growing
    /// toward the following lines), so that every direction is read as upright text.
    struct Word {
        var rotation: Int
        var start: Double
        var end: Double
        var baseline: Double
        var size: Double
        var text: String
        var characters: Int
        var lastStart: Double
        var lastText: String
    }

    /// The lines of `glyphs`, in reading order.
    static func lines(from glyphs: [PlacedGlyph]) -> [PageTextLine] {
        let words = removingDuplicates(words(from: glyphs))
        var lines: [PageTextLine] = []
        for rotation in [0, 1, 3, 2] {
            let turned = words.filter { $0.rotation == rotation }
            if !turned.isEmpty { lines += self.lines(of: turned, rotation: rotation) }
        }
        return lines
    }

    /// The quarter turn (0 upright, 1 reading downward, 2 upside down, 3 reading upward)
    /// nearest to the baseline direction `(x, y)` (display space, y downward).
    static func rotation(_ x: Double, _ y: Double) -> Int {
        abs(x) >= abs(y) ? (x >= 0 ? 0 : 2) : (y >= 0 ? 1 : 3)
    }

    /// A display point in the frame of `rotation`.
    static func local(_ x: Double, _ y: Double, rotation: Int) -> (u: Double, v: Double) {
        switch rotation {
        case 1: (y, -x)
        case 2: (-x, -y)
        case 3: (-y, x)
        default: (x, y)
        }
    }

    /// The display point of `(u, v)` in the frame of `rotation`.
    static func display(_ u: Double, _ v: Double, rotation: Int) -> (x: Double, y: Double) {
        switch rotation {
        case 1: (-v, u)
        case 2: (-u, -v)
        case 3: (v, -u)
        default: (u, v)
        }
    }

    /// Glyphs joined into words in the order they were shown.
    static func words(from glyphs: [PlacedGlyph]) -> [Word] {
        var words: [Word] = []
        // Whether the last word may grow: the word being built is changed where it lies.
        var open = false
        for glyph in glyphs {
            let rotation = rotation(glyph.directionX, glyph.directionY)
            let (u, v) = local(glyph.x, glyph.y, rotation: rotation)
            if glyph.isSpace {
                open = false
                continue
            }
            let last = words.count - 1
            if open, words[last].rotation == rotation {
                let size = words[last].size
                let gap = u - words[last].end
                let sameBaseline = abs(v - words[last].baseline) <= baselineDelta
                let sameSize = abs(glyph.size - size) <= 0.01 * size
                if glyph.text == words[last].lastText, abs(u - words[last].lastStart) < duplicatePrimaryDelta * size,
                   abs(v - words[last].baseline) < duplicateSecondaryDelta * size {
                    continue
                }
                if sameBaseline, sameSize, gap <= wordBreakSpace * size, gap >= -duplicateBreakOverlap * size {
                    words[last].text += glyph.text
                    words[last].characters += 1
                    words[last].end = max(words[last].end, u + glyph.advance)
                    words[last].lastStart = u
                    words[last].lastText = glyph.text
                    continue
                }
            }
            words.append(Word(
                rotation: rotation, start: u, end: u + max(glyph.advance, 0), baseline: v, size: glyph.size,
                text: glyph.text, characters: 1, lastStart: u, lastText: glyph.text))
            open = true
        }
        return words
    }

    /// `words` without those drawn again at the same place with the same text.
    static func removingDuplicates(_ words: [Word]) -> [Word] {
        // The words kept with each text, chained: the latest by text, and before each kept
        // word the one kept earlier with its text.
        var latestWithText: [String: Int] = [:]
        latestWithText.reserveCapacity(words.count)
        var earlierWithText: [Int?] = []
        earlierWithText.reserveCapacity(words.count)
        var kept: [Word] = []
        kept.reserveCapacity(words.count)
        for word in words {
            let latest = latestWithText[word.text]
            var candidate = latest
            var isDuplicate = false
            while let index = candidate, !isDuplicate {
                isDuplicate = kept[index].rotation == word.rotation && abs(kept[index].start - word.start) < duplicatePrimaryDelta * word.size
                    && abs(kept[index].baseline - word.baseline) < duplicateSecondaryDelta * word.size
                candidate = earlierWithText[index]
            }
            guard !isDuplicate else { continue }
            latestWithText[word.text] = kept.count
            earlierWithText.append(latest)
            kept.append(word)
        }
        return kept
    }

    /// The lines of `words`, all of one rotation, top to bottom.
    static func lines(of words: [Word], rotation: Int) -> [PageTextLine] {
        let sorted = words.sorted { ($0.baseline, $0.start) < ($1.baseline, $1.start) }
        // Each line: its words, and the largest word's baseline and size as its reference.
        var groups: [(words: [Word], baseline: Double, size: Double)] = []
        var largest = 0.0
        for word in sorted {
            largest = max(largest, word.size)
            var best: Int?
            var index = groups.count - 1
            while index >= 0, groups[index].baseline >= word.baseline - 2 * largest {
                let group = groups[index]
                let distance = abs(group.baseline - word.baseline)
                if distance <= lineDelta * max(group.size, word.size), min(group.size, word.size) >= lineSizeRatio * max(group.size, word.size), !group.words.contains(where: { overlaps($0, word) }),
                   best.map({ abs(groups[$0].baseline - word.baseline) > abs(group.baseline - word.baseline) }) ?? true {
                    best = index
                }
                index -= 1
            }
            if let best {
                groups[best].words.append(word)
                if word.size > groups[best].size {
                    groups[best].baseline = word.baseline
                    groups[best].size = word.size
                }
            } else {
                groups.append(([word], word.baseline, word.size))
            }
        }
        var segments: [Segment] = []
        for group in groups {
            var words: [Word] = []
            for word in group.words.sorted(by: { $0.start < $1.start }) {
                if let last = words.last, word.start - last.end > segmentGap * min(last.size, word.size) {
                    segments.append(Segment(words))
                    words = []
                }
                words.append(word)
            }
            if !words.isEmpty { segments.append(Segment(words)) }
        }
        return inReadingOrder(segments).map { line($0.words, rotation: rotation) }.filter { !$0.text.isEmpty }
    }

    /// Whether `a` and `b` cover the same stretch of their baselines (by more than a tenth
    /// of an em): words stacked one above the other, which never share a line.
    static func overlaps(_ a: Word, _ b: Word) -> Bool {
        min(a.end, b.end) - max(a.start, b.start) > 0.1 * min(a.size, b.size)
    }

    /// Words read as one line: left to right, their largest word giving the baseline and size.
    struct Segment {
        var words: [Word]
        var baseline: Double
        var size: Double
        var start: Double { words[0].start }
        /// Roughly where the tallest glyphs end: one em above the baseline.
        var top: Double { baseline - size }

        init(_ words: [Word]) {
            self.words = words
            let largest = words.max { $0.size < $1.size }!
            baseline = largest.baseline
            size = largest.size
        }
    }

    /// `segments` in the order poppler's physical layout prints them: by their tops; then the
    /// segments after each one whose baselines lie within half its em of its baseline share
    /// its row, read left to right (top to bottom where they start at the same place).
    static func inReadingOrder(_ segments: [Segment]) -> [Segment] {
        var ordered = segments.sorted { ($0.top, $0.start) < ($1.top, $1.start) }
        var first = 0
        while first < ordered.count {
            let head = ordered[first]
            var end = first + 1
            while end < ordered.count, abs(ordered[end].baseline - head.baseline) < 0.5 * head.size { end += 1 }
            ordered[first..<end].sort { ($0.start, $0.baseline) < ($1.start, $1.baseline) }
            first = end
        }
        return ordered
    }

    /// The narrowest gap between two of `words` (sorted left to right) that is read as a
    /// space, as poppler decides it for a line: 0.03 em; but in a line of single letters (text
    /// set letter by letter, letter-spaced or positioned one by one), 1.3 times the narrowest
    /// gap between letters, at most 0.4 em.
    static func spaceThreshold(_ words: [Word]) -> Double {
        let em = words[0].size
        guard words.count > 1, words.allSatisfy({ $0.characters == 1 }) else { return narrowSpace * em }
        var narrowest = Double.infinity
        for index in 1..<words.count { narrowest = min(narrowest, words[index].start - words[index - 1].end) }
        guard narrowest > 0 else { return narrowSpace * em }
        return min(letterSpacingFactor * narrowest, widestLetterSpacing * em)
    }

    /// One line of `words`, sorted left to right in their frame.
    private static func line(_ words: [Word], rotation: Int) -> PageTextLine {
        var text = ""
        var previous: Word?
        // Characters by font size (to the hundredth): a line has one size or a few.
        var charactersBySize: [(size: Double, characters: Int)] = []
        var reference = words[0]
        let space = spaceThreshold(words)
        for word in words {
            if let previous, word.start - previous.end >= space { text += " " }
            text += word.text
            previous = word
            let size = (word.size * 100).rounded() / 100
            if let index = charactersBySize.firstIndex(where: { $0.size == size }) {
                charactersBySize[index].characters += word.characters
            } else {
                charactersBySize.append((size, word.characters))
            }
            if word.size > reference.size { reference = word }
        }
        let size = charactersBySize.max { ($0.characters, $0.size) < ($1.characters, $1.size) }?.size ?? reference.size
        let start = display(words[0].start, reference.baseline, rotation: rotation)
        return PageTextLine(text: singleSpaced(text), size: size, x: (start.x * 100).rounded() / 100, y: (start.y * 100).rounded() / 100)
    }

    /// `text` with each run of whitespace (a glyph's text may hold some: a /ToUnicode can map a
    /// code to `a b`) made one space, and none at either end.
    static func singleSpaced(_ text: String) -> String {
        // One pass over the scalars finds whitespace other than a space, and the spaces that
        // may be doubled or at an end; only then are the characters compared (a space and the
        // combining mark after it are one character, not a space).
        var otherWhitespace = false
        var spaceRun = false
        var previousIsSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar == " "
            if !isSpace, PrintedText.isWhitespace(scalar) {
                otherWhitespace = true
                break
            }
            if isSpace, previousIsSpace { spaceRun = true }
            previousIsSpace = isSpace
        }
        let spaceAtEnd = text.unicodeScalars.first == " " || previousIsSpace
        guard otherWhitespace || ((spaceRun || spaceAtEnd) && (text.contains("  ") || text.first == " " || text.last == " ")) else {
            return text
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
