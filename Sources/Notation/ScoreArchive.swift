import MetadataModel

/// Where the score lies in a compressed notation file: MusicXML's `META-INF/container.xml`
/// (MusicXML 4.0 §"Compressed files"), which MuseScore 3 and 4 write into `.mscz` too.
enum ScoreArchive {
    /// The MusicXML score of an `.mxl`: the first `rootfile` of the container whose media type
    /// is MusicXML (or not given); without a container, the first `.xml`/`.musicxml` entry
    /// outside `META-INF/`.
    static func musicXML(in bytes: [UInt8]) throws(NotationError) -> (name: String, contents: [UInt8]) {
        try score(in: bytes, extensions: ["xml", "musicxml"]) { rootfile in
            let type = rootfile.attribute("media-type") ?? ""
            return type.isEmpty || type.contains("musicxml")
        }
    }

    /// The `.mscx` of an `.mscz`: the container's first rootfile ending in `.mscx`, else the
    /// first `.mscx` entry outside a folder (MuseScore 4 keeps parts in `Excerpts/`).
    static func museScore(in bytes: [UInt8]) throws(NotationError) -> (name: String, contents: [UInt8]) {
        try score(in: bytes, extensions: ["mscx"]) { $0.attribute("full-path")?.lowercased().hasSuffix(".mscx") ?? false }
    }

    private static func score(
        in bytes: [UInt8], extensions: Set<String>, isScore: (XMLTree.Element) -> Bool
    ) throws(NotationError) -> (name: String, contents: [UInt8]) {
        let archive = try ZipArchive(bytes)
        if let container = archive.entry(named: "META-INF/container.xml") {
            let contents = try archive.contents(of: container)
            guard let utf8 = XMLEncoding.utf8(contents),
                let document = try? XMLTree(utf8, options: XMLTree.Options(allowsDocumentType: true))
            else { throw NotationError(.damagedArchive, "META-INF/container.xml is not well-formed XML") }
            let rootfiles = document.root.descendants("rootfile").filter(isScore)
            for rootfile in rootfiles {
                guard let path = rootfile.attribute("full-path"), let entry = archive.entry(named: path) else { continue }
                return (path, try archive.contents(of: entry))
            }
        }
        let fallback = archive.entries.first { entry in
            let parts = entry.name.split(separator: "/")
            let suffix = entry.name.split(separator: ".").last.map { $0.lowercased() } ?? ""
            return parts.count == 1 && extensions.contains(suffix)
        }
        guard let fallback else {
            throw NotationError(.missingScore, "the archive holds no score (no container rootfile, no \(extensions.sorted().joined(separator: "/")) entry)")
        }
        return (fallback.name, try archive.contents(of: fallback))
    }
}
