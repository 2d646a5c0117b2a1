import Foundation

extension FileManager {
    /// Whether `path` is a folder (symbolic links followed).
    package func isFolder(atPath path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
