import Foundation
import Testing

@testable import TagrulesKit
@testable import tagrules

/// `EnvironmentVariable` reads one variable as `ProcessInfo.processInfo.environment[name]`
/// does: on this process's environment, on made-up entries against a dictionary built the way
/// swift-foundation builds it, and the Unicode fact its byte comparison rests on.
struct EnvironmentVariableTests {
    @Test func equalsProcessInfoOnThisEnvironment() {
        let environment = ProcessInfo.processInfo.environment
        for name in Array(environment.keys) + ["TAGRULES_PASSWORD", "NO_SUCH_VARIABLE_HERE", "", "PATH="] {
            #expect(EnvironmentVariable.value(name) == environment[name], "\(name)")
        }
    }

    /// Duplicates (the last wins), a `=` that a combining mark joins to the next character, bytes
    /// that are not UTF-8, entries without `=`, and a key spelled with KELVIN SIGN (canonically
    /// equal to `K`, so found by the slow path only).
    @Test func equalsTheDictionaryOnMadeUpEntries() {
        let entries: [[UInt8]] = [
            Array("TAGRULES_PASSWORD=first".utf8), Array("TAGRULES_PASSWORD=second=third".utf8),
            Array("TAGRULES_PASSWORD".utf8), Array("TAGRULES_PASSWORDX=no".utf8),
            Array("TAGRULES_PASSWORD=\u{301}joined=value".utf8), Array("HOME=/root".utf8),
            Array("TAGRULES_PASS".utf8) + [0xFF] + Array("=bad".utf8), Array("XDG=".utf8) + [0xC3, 0x28],
            Array("\u{212A}EY=kelvin".utf8), Array("KEY=plain".utf8), Array("=empty key".utf8),
            Array("A;B=semicolon".utf8),
        ]
        for count in 0...entries.count {
            let prefix = Array(entries.prefix(count))
            let reference = Self.dictionary(prefix)
            let pointers = prefix.map { bytes in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                copy.initialize(from: bytes.map { CChar(bitPattern: $0) } + [0], count: bytes.count + 1)
                return copy
            }
            defer { pointers.forEach { $0.deallocate() } }
            for name in ["TAGRULES_PASSWORD", "HOME", "XDG", "KEY", "\u{212A}EY", "", "A;B", "TAGRULES_PASS\u{FFFD}"] {
                #expect(EnvironmentVariable.value(name, in: pointers.map { UnsafePointer($0) }) == reference[name], "\(name) in \(count)")
            }
        }
    }

    /// The only scalars whose canonical decomposition is ASCII (compared as Swift compares
    /// strings, against every ASCII string of one or two characters) are U+037E, U+1FEF and
    /// U+212A, standing for `;`, `` ` `` and `K`.
    @Test func onlyThreeScalarsEqualASCIIText() {
        var ascii: [String: String] = [:]
        for first in 0..<128 {
            let one = String(UnicodeScalar(UInt8(first)))
            ascii[one] = one
            for second in 0..<128 { ascii[one + String(UnicodeScalar(UInt8(second)))] = one + String(UnicodeScalar(UInt8(second))) }
        }
        var found: [UInt32: String] = [:]
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let match = ascii[String(scalar)] else { continue }
            found[value] = match
        }
        #expect(found == [0x037E: ";", 0x1FEF: "`", 0x212A: "K"])
    }

    /// The environment as a dictionary, built the way swift-foundation's `ProcessInfo` builds it
    /// on Linux: each entry decoded with `String(cString:)`, cut at its first `=` character,
    /// later entries replacing earlier ones.
    private static func dictionary(_ entries: [[UInt8]]) -> [String: String] {
        var result: [String: String] = [:]
        for bytes in entries {
            let text = String(decoding: bytes, as: UTF8.self)
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            result[String(parts[0])] = String(parts[1])
        }
        return result
    }
}
