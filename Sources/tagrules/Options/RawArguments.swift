import Platform
import TagrulesKit

/// The command line's arguments as the bytes the shell passed. Swift decodes
/// `CommandLine.arguments` as UTF-8, replacing what is not with U+FFFD, so a path whose name is
/// not UTF-8 reaches the options as a name no file has; the raw bytes tell it apart.
enum RawArguments {
    /// For each argument that is not valid UTF-8: its decoded form (as the options hold it) →
    /// the bytes written out, with those that are not UTF-8 as `\xFF`.
    static func notUTF8() -> [String: String] {
        var found: [String: String] = [:]
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
            guard String(validating: bytes, as: UTF8.self) == nil else { continue }
            found[String(decoding: bytes, as: UTF8.self)] = FileDiscovery.escaped(bytes)
        }
        return found
    }
}
