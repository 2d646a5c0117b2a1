import Notation

/// The Notation target's readers of files found beside a PDF: ZIP archives (.mxl, .mscz),
/// MusicXML and MuseScore XML, and LilyPond headers. Thrown ``NotationError``s are the
/// expected answer to bad input.
enum NotationTargets {
    /// `ZipArchive` on its own (every entry read), then the input as an `.mxl` or an `.mscz`
    /// (by its last byte, so that one execution pays for one score).
    static func zip(_ bytes: [UInt8]) {
        guard let archive = try? ZipArchive(bytes) else { return }
        for entry in archive.entries.prefix(64) {
            _ = try? archive.contents(of: entry)
        }
        _ = try? NotationReader.read(bytes, path: (bytes.last ?? 0) & 1 == 0 ? "fuzz.mxl" : "fuzz.mscz")
    }

    /// The input as a MuseScore score when it names `museScore`, else as MusicXML.
    static func musicXML(_ bytes: [UInt8]) {
        let isMuseScore = bytes.count >= 9 && (0...(bytes.count - 9)).contains { bytes[$0..<$0 + 9].elementsEqual("museScore".utf8) }
        _ = try? NotationReader.read(bytes, path: isMuseScore ? "fuzz.mscx" : "fuzz.musicxml")
    }

    /// The input as a LilyPond source.
    static func lilyPond(_ bytes: [UInt8]) {
        _ = try? NotationReader.read(bytes, path: "fuzz.ly")
    }
}
