import Foundation

extension RuleSet {
    /// Which document facts the Lua files of the rules folder `folder` (rule files and modules,
    /// at any depth) name anywhere in their text: `pages` (`score.file.pages`) and `toc`
    /// (`score.toc`), as bytes, in code, strings or comments alike.
    ///
    /// A caller defers what no file names (`DeferredDocumentFacts`): a rule can reach a fact
    /// without naming it (`pairs(score.file)`, a computed key) but then gets it read on demand,
    /// so a file missed here costs time, never a wrong value. A folder or file that cannot be
    /// read counts as naming both.
    public static func documentFactsNamed(inFolder folder: URL) -> (pages: Bool, toc: Bool) {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue,
            let walk = FileManager.default.enumerator(atPath: root)
        else { return (true, true) }
        var named = (pages: false, toc: false)
        while let relative = walk.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard !name.hasPrefix(".") else {
                walk.skipDescendants()
                continue
            }
            guard name.hasSuffix(".lua") else { continue }
            guard let data = FileManager.default.contents(atPath: root + "/" + relative) else { return (true, true) }
            named.pages = named.pages || data.contains(word: "pages")
            named.toc = named.toc || data.contains(word: "toc")
            if named.pages && named.toc { break }
        }
        return named
    }
}

extension Data {
    /// Whether the bytes hold `word`'s UTF-8 anywhere.
    fileprivate func contains(word: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        return withUnsafeBytes { bytes in
            guard bytes.count >= needle.count, let first = needle.first else { return false }
            var index = 0
            while let found = bytes[index...].firstIndex(of: first), found + needle.count <= bytes.count {
                if (0..<needle.count).allSatisfy({ bytes[found + $0] == needle[$0] }) { return true }
                index = found + 1
            }
            return false
        }
    }
}
