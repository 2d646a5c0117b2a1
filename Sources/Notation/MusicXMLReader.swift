import MetadataModel

/// Reads what a MusicXML score (partwise or timewise, MusicXML 1.0–4.0) says about itself into
/// a ``NotationSource``: `work`, `movement-title`, `identification/creator`, `credit`, the
/// `part-list`, and the first key, time and tempo.
enum MusicXMLReader {
    /// Whether `document`'s root is a MusicXML score.
    static func isScore(_ document: XMLTree) -> Bool {
        ["score-partwise", "score-timewise"].contains(document.root.name)
    }

    /// The fields of `source` that `document`, a MusicXML score, states.
    static func read(_ document: XMLTree, into source: inout NotationSource) {
        let score = document.root
        let work = score.child("work")
        let workTitle = text(work?.child("work-title"))
        let movementTitle = text(score.child("movement-title"))
        let credits = Credits(score)
        source.title = workTitle ?? movementTitle ?? credits.title
        source.movement = workTitle == nil ? nil : movementTitle.flatMap { $0 == workTitle ? nil : $0 }
        source.subtitle = credits.texts(ofType: "subtitle").first
        source.opus = text(work?.child("work-number"))

        let creators = score.child("identification")?.children("creator") ?? []
        func named(_ type: String) -> [String] {
            creators.filter { $0.attribute("type")?.lowercased() == type }.compactMap(text)
        }
        source.composers = named("composer").isEmpty ? credits.texts(ofType: "composer") : named("composer")
        source.lyricists = named("lyricist").isEmpty ? named("poet") : named("lyricist")
        source.arrangers = named("arranger")

        if let key = score.firstDescendant("key"), let fifths = text(key.child("fifths")).flatMap({ Int($0) }) {
            source.keysf = KeySignature.keysf(fifths)
            source.keymi = text(key.child("mode")).map(KeySignature.keymi(mode:)) ?? 0
        }
        if let time = score.firstDescendant("time") {
            source.time = Self.time(time)
        }
        source.tempo = tempo(in: score)
        source.parts = (score.child("part-list")?.children("score-part") ?? []).map { part in
            NotationSource.Part(
                name: text(part.child("part-name")),
                instrument: text(part.child("score-instrument")?.child("instrument-name")))
        }
    }

    /// `beats/beat-type`, pairs of a composite signature joined by `+`; nil for `senza-misura`.
    private static func time(_ time: XMLTree.Element) -> String? {
        let beats = time.children("beats").compactMap(text)
        let types = time.children("beat-type").compactMap(text)
        guard !beats.isEmpty, beats.count == types.count else { return nil }
        return zip(beats, types).map { "\($0)/\($1)" }.joined(separator: "+")
    }

    /// The first direction that gives a metronome mark or a playback tempo, with its words.
    private static func tempo(in score: XMLTree.Element) -> NotationSource.Tempo? {
        for direction in score.descendants("direction") {
            let metronome = direction.firstDescendant("metronome")
            let sound = direction.child("sound")?.attribute("tempo").flatMap(Double.init)
            guard metronome != nil || sound != nil else { continue }
            let words = direction.descendants("words").compactMap(text).joined(separator: " ")
            let quarters = metronome.flatMap(quarterNotesPerMinute) ?? sound
            return NotationSource.Tempo(text: words.isEmpty ? nil : words, quarterNotesPerMinute: quarters)
        }
        if let sound = score.firstDescendant("sound")?.attribute("tempo").flatMap(Double.init) {
            return NotationSource.Tempo(quarterNotesPerMinute: sound)
        }
        return nil
    }

    /// `<metronome><beat-unit>half</beat-unit><beat-unit-dot/><per-minute>60</per-minute>` in
    /// quarter notes per minute.
    private static func quarterNotesPerMinute(_ metronome: XMLTree.Element) -> Double? {
        guard let unit = text(metronome.child("beat-unit")).flatMap(NoteValue.quarters(ofType:)),
            let perMinute = text(metronome.child("per-minute")).flatMap({ Double($0) })
        else { return nil }
        let dots = metronome.children("beat-unit-dot").count
        return perMinute * NoteValue.dotted(unit, dots: dots)
    }

    /// The trimmed text of `element`; nil when absent or blank.
    static func text(_ element: XMLTree.Element?) -> String? {
        guard let text = element?.text else { return nil }
        let trimmed = NotationText.trimmed(text)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The `credit` elements: printed texts, each possibly typed (`title`, `composer`, …).
    private struct Credits {
        /// Per credit: its types and its words with their font size.
        let credits: [(types: [String], words: [(text: String, size: Double)])]

        init(_ score: XMLTree.Element) {
            credits = score.children("credit").map { credit in
                let types = credit.children("credit-type").compactMap(MusicXMLReader.text).map { $0.lowercased() }
                let words = credit.children("credit-words").compactMap { words -> (String, Double)? in
                    guard let text = MusicXMLReader.text(words) else { return nil }
                    return (text, words.attribute("font-size").flatMap(Double.init) ?? 0)
                }
                return (types, words)
            }
        }

        /// The words of the credits typed `type`.
        func texts(ofType type: String) -> [String] {
            credits.filter { $0.types.contains(type) }.map { $0.words.map(\.text).joined(separator: " ") }
        }

        /// The credit typed `title`, else the untyped words in the largest font.
        var title: String? {
            if let typed = texts(ofType: "title").first { return typed }
            let untyped = credits.filter { $0.types.isEmpty }.flatMap(\.words)
            guard let largest = untyped.map(\.size).max(), largest > 0 else { return nil }
            return untyped.first { $0.size == largest }?.text
        }
    }
}
