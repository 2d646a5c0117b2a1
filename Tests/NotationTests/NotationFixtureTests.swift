import Foundation
import MetadataModel
import Notation
import Testing

/// Real notation files (music21's corpus, MuseScore's demo, Mutopia's LilyPond sources, and
/// MuseScore 3's own saves of them) read as the independent readers read them.
struct NotationFixtureTests {
    @Test func everyRealFixtureHasAnOracle() {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: NotationFixtures.folder.path)) ?? []
        let notation = files.filter { !$0.hasPrefix("made-") && ["xml", "mxl", "mscz", "mscx", "ly"].contains(($0 as NSString).pathExtension) }
        #expect(notation.count >= 12)
        #expect(Set(notation) == Set(NotationFixtures.realNames))
    }

    @Test(arguments: NotationFixtures.realNames)
    func readsWhatTheOracleReads(name: String) throws {
        let oracle = try #require(NotationFixtures.oracles[name])
        let source = try NotationReader.read(path: NotationFixtures.path(name))
        if let title = oracle.title { #expect(source.title == title) }
        if let composers = oracle.composers { #expect(source.composers == composers) }
        if let keysf = oracle.keysf {
            #expect(source.keysf == keysf)
            // MusicXML without <mode>, and MuseScore without <mode>, are major.
            let keymi = ["major": 0, "minor": 1][oracle.mode ?? "major"]
            #expect(source.keymi == keymi)
        } else if !name.hasSuffix(".ly") {
            // music21 read the whole score and found no key signature.
            #expect(source.keysf == nil)
        }
        if let time = oracle.time { #expect(source.time == time) }
        if let quarters = oracle.quarterNotesPerMinute {
            let read = try #require(source.tempo?.quarterNotesPerMinute)
            #expect(abs(read - quarters) < 0.01)
        }
        if let parts = oracle.parts {
            // music21 makes a part of each staff of a piano: the same name twice in a row.
            let names = parts.enumerated().filter { $0.offset == 0 || parts[$0.offset - 1] != $0.element }.map(\.element)
            #expect(source.parts.map(\.name) == names)
        }
    }

    @Test func formatsFollowTheFile() throws {
        #expect(try NotationReader.read(path: NotationFixtures.path("aloha_oe.mxl")).format == .compressedMusicXML)
        #expect(try NotationReader.read(path: NotationFixtures.path("quod_jactatur.xml")).format == .musicXML)
        #expect(try NotationReader.read(path: NotationFixtures.path("Reunion.mscz")).format == .compressedMuseScore)
        #expect(try NotationReader.read(path: NotationFixtures.path("fosterBrownHair.mscx")).format == .museScore)
        #expect(try NotationReader.read(path: NotationFixtures.path("aurore.ly")).format == .lilyPond)
    }

    /// MuseScore 3's save of a MusicXML file reads as the MusicXML file does.
    @Test(arguments: ["fosterBrownHair", "lift_every_voice"])
    func museScoreSaveReadsAsItsMusicXML(stem: String) throws {
        var xml = try NotationReader.read(path: NotationFixtures.path(stem + ".mxl"))
        var mscz = try NotationReader.read(path: NotationFixtures.path(stem + ".mscz"))
        (xml.path, xml.format, mscz.path, mscz.format) = ("", .musicXML, "", .musicXML)
        #expect(mscz.title == xml.title && mscz.composers == xml.composers)
        #expect(mscz.keysf == xml.keysf && mscz.keymi == xml.keymi && mscz.time == xml.time)
        #expect(mscz.parts.map(\.name) == xml.parts.map(\.name))
    }

    /// The values a person reads on the first page of the Mutopia and demo scores, which the
    /// header and metadata state beside the key and time the oracles checked.
    @Test func readsHeadersAndMetadataFields() throws {
        let aurore = try NotationReader.read(path: NotationFixtures.path("aurore.ly"))
        #expect(aurore.composers == ["Gabriel Fauré"] && aurore.lyricists == ["Armand Silvestre"])
        #expect(aurore.opus == "Op. 39, №1" && aurore.time == "4/4")
        #expect(aurore.tempo == NotationSource.Tempo(text: "Andante", quarterNotesPerMinute: 76))
        let swallows = try NotationReader.read(path: NotationFixtures.path("swallows.ly"))
        #expect(swallows.title == "When the Swallows Homeward Fly" && swallows.composers == ["Franz Abt (1819-1885)"])
        #expect(swallows.keysf == 1 && swallows.keymi == 0 && swallows.opus == "c. 1846")
        let reunion = try NotationReader.read(path: NotationFixtures.path("Reunion.mscz"))
        #expect(reunion.title == "Reunion" && reunion.composers == ["Marc Sabatella"])
        #expect(reunion.tempo == NotationSource.Tempo(text: "Andante con moto", quarterNotesPerMinute: 120))
    }
}
