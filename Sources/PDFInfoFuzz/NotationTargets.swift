import Notation

/// The Notation target's readers of files found beside a PDF: ZIP archives (.mxl, .mscz),
/// MusicXML and MuseScore XML, and LilyPond headers. Thrown ``NotationError``s are the
/// expected answer to bad input.
enum NotationTargets {
    /// `ZipArchive` on its own (every entry read), then the input as an `.mxl` and an `.mscz`.
    static func zip(_ bytes: [UInt8]) {
        if let archive = try? ZipArchive(bytes) {
            for entry in archive.entries.prefix(64) {
                _ = try? archive.contents(of: entry)
            }
        }
        _ = try? NotationReader.read(bytes, path: "fuzz.mxl")
        _ = try? NotationReader.read(bytes, path: "fuzz.mscz")
    }

    /// The input as MusicXML and as a MuseScore score.
    static func musicXML(_ bytes: [UInt8]) {
        _ = try? NotationReader.read(bytes, path: "fuzz.musicxml")
        _ = try? NotationReader.read(bytes, path: "fuzz.mscx")
    }

    /// The input as a LilyPond source.
    static func lilyPond(_ bytes: [UInt8]) {
        _ = try? NotationReader.read(bytes, path: "fuzz.ly")
    }
}
