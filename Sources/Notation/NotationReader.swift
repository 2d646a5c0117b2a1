import Foundation
import MetadataModel

/// Reads the notation file beside a PDF (``NotationFinder``) into a ``NotationSource`` (issue 27).
public enum NotationReader {
    /// The largest notation file read (a long orchestral MusicXML score is a few MiB).
    public static let maxFileSize = 64 << 20

    /// The extensions looked for beside a PDF, in order of preference: the engraver's own
    /// formats before exchange formats. `.xml` counts only when it holds a MusicXML score.
    public static let extensions = ["mscz", "mscx", "ly", "mxl", "musicxml", "xml"]

    /// Reads the notation file at `path`, its format told by its extension.
    ///
    /// - Throws: ``NotationError`` naming `path`.
    public static func read(path: String) throws(NotationError) -> NotationSource {
        let bytes: [UInt8]
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let data = try handle.read(upToCount: maxFileSize + 1) ?? Data()
            bytes = [UInt8](data)
        } catch {
            throw NotationError(.ioFailure, "cannot be read: \(error.localizedDescription)", path: path)
        }
        guard bytes.count <= maxFileSize else {
            throw NotationError(.tooLarge, "is larger than \(maxFileSize) bytes", path: path)
        }
        return try read(bytes, path: path)
    }

    /// Reads `bytes`, the contents of the notation file at `path` (whose extension tells the
    /// format: `.mscz`, `.mscx`, `.ly`, `.mxl`, `.musicxml` or `.xml`).
    ///
    /// - Throws: ``NotationError`` naming `path`.
    public static func read(_ bytes: [UInt8], path: String) throws(NotationError) -> NotationSource {
        let extensionName = URL(fileURLWithPath: path).pathExtension.lowercased()
        do {
            switch extensionName {
            case "mscz":
                var source = NotationSource(format: .compressedMuseScore, path: path)
                let (name, contents) = try ScoreArchive.museScore(in: bytes)
                try readXML(contents, as: .museScore, named: name, into: &source)
                return source
            case "mxl":
                var source = NotationSource(format: .compressedMusicXML, path: path)
                let (name, contents) = try ScoreArchive.musicXML(in: bytes)
                try readXML(contents, as: .musicXML, named: name, into: &source)
                return source
            case "mscx":
                var source = NotationSource(format: .museScore, path: path)
                try readXML(bytes, as: .museScore, named: nil, into: &source)
                return source
            case "ly":
                var source = NotationSource(format: .lilyPond, path: path)
                var budget = maxIncludedSize
                LilyPondReader.read(String(decoding: bytes, as: UTF8.self), into: &source) { name in
                    included(name, besides: path, budget: &budget)
                }
                return source
            default:
                var source = NotationSource(format: .musicXML, path: path)
                try readXML(bytes, as: .musicXML, named: nil, into: &source)
                return source
            }
        } catch {
            throw error.at(path)
        }
    }

    /// The most bytes of included LilyPond files read for one source.
    public static let maxIncludedSize = 4 << 20

    /// The text of the file a LilyPond source at `path` includes as `name`, relative to the
    /// source's folder (as LilyPond looks first); nil when it is not there, is not a regular
    /// file, or would pass `budget`, the bytes still allowed. Only files in that folder or below
    /// it are read: a source beside a PDF may not make tagrules read `/etc/passwd` into a title.
    private static func included(_ name: String, besides path: String, budget: inout Int) -> String? {
        let components = name.split(separator: "/")
        guard !name.hasPrefix("/"), !components.contains(".."), !name.contains("\0") else { return nil }
        let file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= budget,
            let data = FileManager.default.contents(atPath: file.path), data.count <= budget
        else { return nil }
        budget -= data.count
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads an XML score of `format` (`.musicXML` or `.museScore`) into `source`; `entry` names
    /// the archive entry it came from, for errors.
    private static func readXML(
        _ bytes: [UInt8], as format: NotationSource.Format, named entry: String?, into source: inout NotationSource
    ) throws(NotationError) {
        let place = entry.map { "entry '\($0)': " } ?? ""
        guard let utf8 = XMLEncoding.utf8(bytes) else {
            throw NotationError(.malformedXML, "\(place)the XML is in UTF-32 or an unknown encoding")
        }
        let document: XMLTree
        do {
            document = try XMLTree(utf8, options: XMLTree.Options(allowsDocumentType: true, maxDepth: 512))
        } catch {
            throw NotationError(.malformedXML, "\(place)line \(error.line): \(error.message)")
        }
        if format == .museScore {
            guard MuseScoreReader.isScore(document) else {
                throw NotationError(.notNotation, "\(place)the root element is <\(document.root.name)>, not a MuseScore score")
            }
            MuseScoreReader.read(document, into: &source)
        } else {
            guard MusicXMLReader.isScore(document) else {
                throw NotationError(.notNotation, "\(place)the root element is <\(document.root.name)>, not a MusicXML score")
            }
            MusicXMLReader.read(document, into: &source)
        }
    }

    /// Whether the start of the file at `path` names a MusicXML root element.
    static func looksLikeMusicXML(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let start = [UInt8]((try? handle.read(upToCount: 4096)) ?? Data())
        let text = String(decoding: XMLEncoding.utf8(start) ?? start, as: UTF8.self)
        return text.contains("<score-partwise") || text.contains("<score-timewise")
    }
}
