import Foundation
import MetadataModel

/// Reads a PDF's four Info strings with qpdf (`qpdf --json=2 --json-key=qpdf FILE`), an
/// oracle independent of tagrules' own PDF reader. qpdf decrypts files that open with an
/// empty user password, as PDFKit does.
enum QPDFInfoOracle {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The Info strings of `file`, or a `Failure` when qpdf cannot read it.
    static func info(of file: URL) throws -> InfoStrings {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["qpdf", "--json=2", "--json-key=qpdf", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // qpdf exits 0 when clean, 3 after recovered warnings, 2 on errors.
        guard process.terminationStatus == 0 || process.terminationStatus == 3 else {
            throw Failure(description: "qpdf exit \(process.terminationStatus) on \(file.lastPathComponent)")
        }
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let sections = root["qpdf"] as? [Any], sections.count == 2,
            let objects = sections[1] as? [String: Any],
            let trailer = (objects["trailer"] as? [String: Any])?["value"] as? [String: Any]
        else { throw Failure(description: "unexpected qpdf JSON for \(file.lastPathComponent)") }
        let dictionary: [String: Any]
        switch trailer["/Info"] {
        case let reference as String:
            guard let object = (objects["obj:" + reference] as? [String: Any])?["value"] as? [String: Any]
            else { throw Failure(description: "no Info object \(reference)") }
            dictionary = object
        case let direct as [String: Any]:
            dictionary = direct
        default:
            return InfoStrings()
        }
        return InfoStrings(
            title: try text(dictionary["/Title"]), author: try text(dictionary["/Author"]),
            subject: try text(dictionary["/Subject"]), keywords: try text(dictionary["/Keywords"]))
    }

    /// A qpdf JSON v2 string: `u:` text (already Unicode), or `b:` hex bytes, which here must
    /// be UTF-16BE with a byte order mark.
    private static func text(_ value: Any?) throws -> String? {
        guard let value = value as? String else { return nil }
        if value.hasPrefix("u:") { return String(value.dropFirst(2)) }
        if value.hasPrefix("b:") {
            let hex = Array(value.dropFirst(2).utf8)
            var bytes: [UInt8] = []
            for i in stride(from: 0, to: hex.count - 1, by: 2) {
                guard let byte = UInt8(String(decoding: hex[i...i + 1], as: UTF8.self), radix: 16) else { break }
                bytes.append(byte)
            }
            if bytes.starts(with: [0xFE, 0xFF]), let string = String(bytes: bytes.dropFirst(2), encoding: .utf16BigEndian) {
                return string
            }
        }
        throw Failure(description: "unsupported qpdf string \(value.prefix(40))")
    }
}
