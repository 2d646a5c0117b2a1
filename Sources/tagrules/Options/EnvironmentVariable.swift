import Foundation
import TagrulesKit

#if canImport(Glibc)
import Glibc
#endif

/// Reads one environment variable exactly as `ProcessInfo.processInfo.environment[name]` reads
/// it, without building the dictionary of every variable first (0.4 M instructions, a tenth of
/// a millisecond, on the path of every `plan` and `apply` before the files are read).
enum EnvironmentVariable {
    /// `given` (a `--password`), else `TAGRULES_PASSWORD`, which, unlike an argument, other
    /// users cannot see in the process list.
    static func password(_ given: String?) -> String? {
        given ?? value("TAGRULES_PASSWORD")
    }

    /// The value of `name`, as `ProcessInfo.processInfo.environment[name]` gives it.
    static func value(_ name: String) -> String? {
        #if canImport(Glibc)
        var entries: [UnsafePointer<CChar>] = []
        var cursor = environ
        while let entry = cursor.pointee {
            entries.append(UnsafePointer(entry))
            cursor += 1
        }
        return value(name, in: entries)
        #else
        return ProcessInfo.processInfo.environment[name]
        #endif
    }

    /// The value of `name` among `entries` (`KEY=value` C strings), derived as swift-foundation's
    /// `ProcessInfo.environment` derives it on Linux: each entry decoded with
    /// `String(cString:)`, split at its first `=` character, the last entry with the key
    /// winning.
    ///
    /// Only the entries whose bytes start with `name`'s are decoded when `name` is ASCII without
    /// `K`, `;` or `` ` ``: Swift compares keys by canonical equivalence, and the only scalars
    /// whose canonical decomposition is ASCII, U+212A KELVIN SIGN, U+037E GREEK QUESTION MARK and
    /// U+1FEF GREEK VARIA, decompose to those three; so no other key equals such a name.
    static func value(_ name: String, in entries: [UnsafePointer<CChar>]) -> String? {
        let prefix = Array(name.utf8)
        let comparesBytes = prefix.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "K") && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "`") }
        var found: String?
        for entry in entries {
            if comparesBytes, strncmp(entry, name, prefix.count) != 0 { continue }
            let text = String(cString: entry)
            guard let delimiter = text.firstIndex(of: "=") else { continue }
            if String(text[text.startIndex..<delimiter]) == name {
                found = String(text[text.index(after: delimiter)..<text.endIndex])
            }
        }
        return found
    }
}
