import Foundation
import Platform

/// Finds the notation file beside a PDF (issue 27), listing each folder once: a run over a
/// folder of thousands of scores asks about every one of them, and one listing answers them
/// all, where looking each candidate name up would cost a dozen `stat` calls per score.
///
/// A folder is listed the first time a PDF in it is asked about, and the listing is kept for
/// the finder's life: make one finder per run (or per watch batch), so that a run sees the
/// files that were there when it began. Shared by the workers of a run.
public final class NotationFinder: @unchecked Sendable {
    // @unchecked: `listings` is only read and written while `lock` is held.
    private let lock = NSLock()
    /// Folder (as the PDF paths spell it) → the notation names in it.
    private var listings: [String: NotationNames] = [:]

    /// No folder listed yet.
    public init() {}

    /// The notation file with the same stem as the PDF at `pdfPath`, in its folder
    /// (`Nocturne.pdf` → `Nocturne.mscz`, `Nocturne.MSCZ` or `Nocturne.Mscz`), named as the PDF
    /// is (relative when it is); nil when there is none. The stems are compared byte for byte,
    /// as the file system names files, the extensions without regard to ASCII case; of several
    /// candidates, the first in ``NotationReader/extensions`` order (each extension in lower
    /// case, then upper case, then any other spelling) that is not a folder wins, a `.xml` file
    /// only when it holds a MusicXML score.
    public func find(besidePDF pdfPath: String) -> String? {
        let (folder, name) = Self.split(pdfPath)
        let names = lock.withLock {
            if let known = listings[folder] { return known }
            let listed = NotationNames(listing: folder.isEmpty ? "." : folder)
            listings[folder] = listed
            return listed
        }
        let stem = Self.stem(of: name)
        guard let extensions = names.extensions[stem] else { return nil }
        let prefix = (folder.isEmpty ? "" : folder == "/" ? "/" : folder + "/") + String(decoding: stem, as: UTF8.self) + "."
        for (format, spelled) in extensions {
            let candidate = prefix + String(decoding: spelled, as: UTF8.self)
            var status = stat()
            // Followed as a link, as reading it will be; a name that has gone is passed over.
            guard stat(candidate, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { continue }
            if NotationReader.extensions[format] == "xml", !NotationReader.looksLikeMusicXML(candidate) { continue }
            return candidate
        }
        return nil
    }

    /// `path` split at its last "/" into folder ("" for a bare name, "/" for the root) and name.
    private static func split(_ path: String) -> (folder: String, name: [UInt8]) {
        var path = path
        return path.withUTF8 { bytes in
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return ("", Array(bytes)) }
            let folder = slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
            return (folder, Array(bytes[(slash + 1)...]))
        }
    }

    /// `name` without its last extension; a leading dot does not start one (`FileFacts.stem`).
    private static func stem(of name: [UInt8]) -> [UInt8] {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != 0 else { return name }
        return Array(name[..<dot])
    }
}

/// The names in one folder that a notation file may have: by stem, the extensions spelled
/// after it.
struct NotationNames {
    private static let formats = NotationReader.extensions.map { Array($0.utf8) }

    /// Stem → its notation files' extensions as the folder spells them, each with the index of
    /// its format in ``NotationReader/extensions`` (compared without regard to ASCII case), in
    /// order of preference: by format, then lower case, upper case, any other spelling.
    private(set) var extensions: [[UInt8]: [(format: Int, spelled: [UInt8])]] = [:]

    /// The notation names in `folder`; none when it cannot be listed.
    init(listing folder: String) {
        FolderReader.forEachEntry(in: folder) { name, _ in
            guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return true }
            let spelled = Array(name[(dot + 1)...])
            let lowered = spelled.map(Self.lowercased)
            guard let format = Self.formats.firstIndex(of: lowered) else { return true }
            extensions[Array(name[..<dot]), default: []].append((format, spelled))
            return true
        }
        for stem in extensions.keys {
            extensions[stem]?.sort { Self.preference($0) < Self.preference($1) }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The sort key of a spelled extension: its format, then 0 for lower case, 1 for upper
    /// case, 2 for a mixed spelling, then its bytes (a stable order for the rest).
    private static func preference(_ item: (format: Int, spelled: [UInt8])) -> (Int, Int, String) {
        let lower = item.spelled.allSatisfy { !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        let upper = item.spelled.allSatisfy { !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
        return (item.format, lower ? 0 : upper ? 1 : 2, String(decoding: item.spelled, as: UTF8.self))
    }
}
