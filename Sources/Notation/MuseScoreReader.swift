import MetadataModel

/// Reads what a MuseScore score (`.mscx`, MuseScore 2, 3 and 4) says about itself into a
/// ``NotationSource``: the `metaTag`s, the texts of the title frame (what is printed), the parts
/// and their instruments, and the first key, time and tempo.
enum MuseScoreReader {
    /// Whether `document`'s root is a MuseScore file with a score.
    static func isScore(_ document: XMLTree) -> Bool {
        document.root.name == "museScore" && document.root.child("Score") != nil
    }

    /// The fields of `source` that `document`, a MuseScore file, states.
    static func read(_ document: XMLTree, into source: inout NotationSource) {
        guard let score = document.root.child("Score") else { return }
        var tags: [String: String] = [:]
        for tag in score.children("metaTag") {
            if let name = tag.attribute("name"), let value = NotationText.nonBlank(tag.text) { tags[name] = value }
        }
        // The score's properties first, as MuseScore's own MusicXML export writes them; the
        // texts of the title frame where they are empty.
        let frame = titleFrame(of: score)
        source.title = tags["workTitle"] ?? tags["movementTitle"] ?? frame["title"]?.first
        source.subtitle = tags["subtitle"] ?? frame["subtitle"]?.first
        let movement = tags["movementTitle"]
        source.movement = movement == source.title ? nil : movement
        source.composers = tags["composer"].map { [$0] } ?? frame["composer"] ?? []
        source.lyricists = (tags["lyricist"] ?? tags["poet"]).map { [$0] } ?? frame["lyricist"] ?? frame["poet"] ?? []
        source.arrangers = tags["arranger"].map { [$0] } ?? []
        source.opus = tags["workNumber"]

        let parts = score.children("Part")
        source.parts = parts.map { part in
            let instrument = part.child("Instrument")
            return NotationSource.Part(
                name: NotationText.nonBlank(instrument?.child("longName")?.text(skipping: ["sym"]))
                    ?? NotationText.nonBlank(part.child("trackName")?.text),
                instrument: NotationText.nonBlank(instrument?.child("trackName")?.text))
        }
        readKey(of: score, parts: parts, into: &source)
        if let time = score.firstDescendant("TimeSig"),
            let numerator = NotationText.nonBlank(time.child("sigN")?.text),
            let denominator = NotationText.nonBlank(time.child("sigD")?.text)
        {
            source.time = "\(numerator)/\(denominator)"
        }
        if let tempo = score.firstDescendant("Tempo") {
            let perSecond = NotationText.nonBlank(tempo.child("tempo")?.text).flatMap(Double.init)
            source.tempo = NotationSource.Tempo(
                text: tempoWords(tempo.child("text")?.text(skipping: ["sym"]) ?? ""),
                quarterNotesPerMinute: perSecond.map { ($0 * 60 * 1000).rounded() / 1000 })
        }
    }

    /// The texts of the first vertical frame (`VBox`) of the first staff, by style: MuseScore 3
    /// writes `Title`, MuseScore 4 `title`; read in lowercase.
    private static func titleFrame(of score: XMLTree.Element) -> [String: [String]] {
        guard let staff = score.child("Staff"), let box = staff.child("VBox") else { return [:] }
        var texts: [String: [String]] = [:]
        for text in box.children("Text") {
            guard let style = NotationText.nonBlank(text.child("style")?.text)?.lowercased(),
                let words = NotationText.nonBlank(text.child("text")?.text(skipping: ["sym"]))
            else { continue }
            texts[style, default: []].append(words)
        }
        return texts
    }

    /// The first key signature: in the first staff of a part that does not transpose, as that
    /// staff shows the concert key; `<concertKey>` (MuseScore 4) or `<accidental>` (MuseScore 3).
    private static func readKey(of score: XMLTree.Element, parts: [XMLTree.Element], into source: inout NotationSource) {
        let concertStaff = parts.first { part in
            let transposition = NotationText.nonBlank(part.child("Instrument")?.child("transposeChromatic")?.text)
            return transposition.flatMap { Int($0) } ?? 0 == 0
        }?.child("Staff")?.attribute("id")
        let staves = score.children("Staff")
        let staff = staves.first { $0.attribute("id") == concertStaff } ?? staves.first
        guard let key = staff?.firstDescendant("KeySig") else {
            // A score without any key signature is in C major (or A minor): MuseScore writes none.
            if staff != nil { (source.keysf, source.keymi) = (0, 0) }
            return
        }
        let fifths = (NotationText.nonBlank(key.child("concertKey")?.text) ?? NotationText.nonBlank(key.child("accidental")?.text))
            .flatMap { Int($0) }
        guard let fifths else { return }
        source.keysf = KeySignature.keysf(fifths)
        source.keymi = NotationText.nonBlank(key.child("mode")?.text).map(KeySignature.keymi(mode:)) ?? 0
    }

    /// The words of a tempo text without its metronome mark (`Allegro (♩ = 120)` → `Allegro`):
    /// the text before `=`, without the note glyph (a SMuFL private-use character or a symbol)
    /// and bracket before it.
    private static func tempoWords(_ text: String) -> String? {
        var words = Substring(NotationText.trimmed(text))
        if let equals = words.firstIndex(of: "=") { words = words[..<equals] }
        while let last = words.unicodeScalars.last,
            last.properties.isWhitespace || last == "(" || last == "["
                || [.privateUse, .otherSymbol, .mathSymbol].contains(last.properties.generalCategory)
        {
            words = Substring(words.unicodeScalars.dropLast())
        }
        return words.isEmpty ? nil : String(words)
    }
}
