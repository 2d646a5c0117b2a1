// The entry point of the ordinary build: replays inputs through a target without sanitizers,
// to reproduce a crash under a debugger or time an input: `swift run PDFInfoFuzz pdf crash-…`.
#if !FUZZING
import Foundation

@main
enum ReplayMain {
    /// An input slower than this (in a debug build) is reported as a hang.
    static let slow = Duration.seconds(1)

    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            FileHandle.standardError.write(Data("usage: PDFInfoFuzz \(FuzzTarget.names) FILE|FOLDER…\n".utf8))
            exit(64)
        }
        var slowInputs = 0
        for path in arguments.dropFirst().flatMap(files(at:)) {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let elapsed = ContinuousClock().measure { target.run(bytes) }
            let verdict = elapsed > slow ? "slow" : "ok"
            if elapsed > slow { slowInputs += 1 }
            print("\(verdict)\t\(elapsed)\t\(path)")
        }
        exit(slowInputs == 0 ? 0 : 1)
    }

    /// `path` itself, or the regular files below it when it is a folder, sorted.
    static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let names = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
        return names.sorted().map { path + "/" + $0 }.filter { candidate in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}
#endif
