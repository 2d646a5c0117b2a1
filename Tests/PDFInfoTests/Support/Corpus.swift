import Foundation

/// The shared corpus (../shared/corpus) with its MANIFEST, and the pikepdf oracle's reading of it.
enum Corpus {
    static let folder = Tools.shared.appendingPathComponent("corpus")

    /// MANIFEST.tsv rows keyed by file name.
    static let manifest: [String: [String: String]] = {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [:] }
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [:] }
        var rows: [String: [String: String]] = [:]
        for line in lines.dropFirst() where line.count == header.count {
            rows[line[0]] = Dictionary(uniqueKeysWithValues: zip(header, line))
        }
        return rows
    }()

    /// Every corpus file name, sorted.
    static let files: [String] = manifest.keys.sorted()

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// What pikepdf reads from one file (scripts/pdf_oracle.py).
    struct OracleReading: Decodable {
        var file: String
        var ok: Bool
        var error: String?
        var encrypted: Bool
        var needs_password: Bool
        var pages: Int?
        var info: [String: InfoValue]
        var xmp: XMP?
        var outline: [OutlineEntry]?

        struct OutlineEntry: Decodable {
            var title: String
            var level: Int
            var target: [String: TargetValue]?
        }

        enum TargetValue: Decodable, Equatable {
            case number(Int)
            case text(String)

            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let number = try? container.decode(Int.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
            }
        }

        struct XMP: Decodable {
            var title: String?
            var creator: [String]?
        }

        enum InfoValue: Decodable {
            case text(String)
            case other(type: String, repr: String)

            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let text = try? container.decode(String.self) {
                    self = .text(text)
                } else {
                    let object = try container.decode([String: String].self)
                    self = .other(type: object["type"] ?? "", repr: object["repr"] ?? "")
                }
            }
        }
    }

    /// Runs the oracle over `paths` in one process; readings keyed by path.
    static func oracle(_ paths: [String]) throws -> [String: OracleReading] {
        let script = Tools.packageRoot.appendingPathComponent("scripts/pdf_oracle.py").path
        let result = try Tools.run("python3", [script] + paths)
        var readings: [String: OracleReading] = [:]
        for line in result.stdout.split(separator: "\n") {
            let reading = try JSONDecoder().decode(OracleReading.self, from: Data(line.utf8))
            readings[reading.file] = reading
        }
        return readings
    }

    /// The oracle's reading of every corpus file, computed once.
    static let readings: Result<[String: OracleReading], Error> = Result { try oracle(files.map(path)) }
}

/// Removes ESC … ESC language escapes, which PDFInfo strips (pdf-notes §3.3) and pikepdf keeps.
func strippingLanguageEscapes(_ text: String) -> String {
    var result = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
        if scalar == "\u{1B}" { inEscape.toggle(); continue }
        if !inEscape { result.unicodeScalars.append(scalar) }
    }
    return result
}
