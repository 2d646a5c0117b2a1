import Foundation

/// Appends `bytes` to the end of the existing file at `path`, as another program saving more
/// of a file would: the tests that check a file changed since it was read use it.
public func appendBytes(_ bytes: some Sequence<UInt8>, toFileAt path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Array(bytes))
}
