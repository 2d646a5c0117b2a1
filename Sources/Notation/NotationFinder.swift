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
    /// (`Nocturne.pdf` → `Nocturne.mscz`, or `Nocturne.MSCZ`), named as the PDF is (relative
    /// when it is); nil when there is none. The stems are compared byte for byte, as the file
    /// system names files; of several candidates, the first in ``NotationReader/extensions``
    /// order (each extension in lower case, then upper case) that is not a folder wins, a
    /// `.xml` file only when it holds a MusicXML score.
    public func find(besidePDF pdfPath: String) -> String? {
        let (folder, name) = Self.split(pdfPath)
        let names = lock.withLock {
            if let known = listings[folder] { return known }
            let listed = NotationNames(listing: folder.isEmpty ? "." : folder)
            listings[folder] = listed
            return listed
        }
        let stem = Self.stem(of: name)
        guard let spellings = names.spellings[stem] else { return nil }
        let prefix = (folder.isEmpty ? "" : folder == "/" ? "/" : folder + "/") + String(decoding: stem, as: UTF8.self) + "."
        for (index, spelling) in NotationNames.spellings.enumerated() where spellings.contains(index) {
            let candidate = prefix + spelling.spelled
            var status = stat()
            // Followed as a link, as reading it will be; a name that has gone is passed over.
            guard stat(candidate, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { continue }
            if spelling.extension == "xml", !NotationReader.looksLikeMusicXML(candidate) { continue }
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
    /// Every extension as looked for, in order of preference: each of
    /// ``NotationReader/extensions`` in lower case, then in upper case.
    static let spellings: [(extension: String, spelled: String)] = NotationReader.extensions.flatMap {
        [($0, $0), ($0, $0.uppercased())]
    }
    private static let spellingBytes = spellings.map { Array($0.spelled.utf8) }

    /// Stem → the indexes in ``spellings`` of the extensions it has in the folder.
    private(set) var spellings: [[UInt8]: [Int]] = [:]

    /// The notation names in `folder`; none when it cannot be listed.
    init(listing folder: String) {
        FolderReader.forEachEntry(in: folder) { name, _ in
            guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex,
                let spelling = Self.spellingBytes.firstIndex(where: { $0.elementsEqual(name[(dot + 1)...]) })
            else { return true }
            spellings[Array(name[..<dot]), default: []].append(spelling)
            return true
        }
    }
}
