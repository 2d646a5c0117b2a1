import Foundation
import MetadataModel
import Notation
import Testing

/// Files made for what the real ones lack (Fixtures/README.md): the MuseScore 4 layout, a
/// stored UTF-16 MusicXML without a container, and a decompression bomb.
struct MadeNotationTests {
    @Test func readsTheMuseScore4Layout() throws {
        let source = try NotationReader.read(path: NotationFixtures.path("made-musescore4.mscz"))
        #expect(source.title == "Prelude in C minor", "the container's rootfile, not the excerpt")
        #expect(source.subtitle == "Largo" && source.opus == "Op. 28 No. 20")
        #expect(source.composers == ["Frédéric Chopin"] && source.arrangers == ["A. Arranger"] && source.lyricists == [])
        #expect(source.keysf == -3 && source.keymi == 1 && source.key == Key(keysf: -3, keymi: 1))
        #expect(source.time == "4/4")
        #expect(source.tempo == NotationSource.Tempo(text: "Largo", quarterNotesPerMinute: 40))
        #expect(source.parts == [NotationSource.Part(name: "Piano", instrument: "Piano")])
    }

    @Test func readsStoredUTF16MusicXMLWithoutContainer() throws {
        let source = try NotationReader.read(path: NotationFixtures.path("made-utf16-stored.mxl"))
        #expect(source.title == "Cello Suite No. 1" && source.movement == "Prélude" && source.opus == "BWV 1007")
        #expect(source.composers == ["Johann Sebastian Bach"] && source.arrangers == ["A. N. Other"])
        #expect(source.keysf == 1 && source.keymi == 0, "no <mode>: major")
        #expect(source.time == "4/4")
        #expect(source.tempo == NotationSource.Tempo(text: "Moderato", quarterNotesPerMinute: 120), "dotted half = 40")
        #expect(source.parts == [NotationSource.Part(name: "Violoncello", instrument: "Cello")])
    }

    @Test func refusesADecompressionBomb() throws {
        let error = #expect(throws: NotationError.self) { try NotationReader.read(path: NotationFixtures.path("made-bomb.mxl")) }
        #expect(error?.code == .hostileArchive)
        #expect(error?.path == NotationFixtures.path("made-bomb.mxl"))
        #expect(error?.description.contains("would expand") == true, "\(String(describing: error))")
    }
}
