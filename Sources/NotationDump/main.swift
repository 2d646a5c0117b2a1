// Prints what the Notation target reads from each file named on the command line, as JSON
// lines ({"path":…,"source":{…}} or {"path":…,"error":…}), for scripts/notation_oracle.py and
// scripts/notation_eval_set.py, which compare it with music21, MuseScore and LilyPond.
import Foundation
import MetadataModel
import Notation

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
var failures = 0
for path in CommandLine.arguments.dropFirst() {
    var line: [String: String] = ["path": path]
    do {
        let source = try NotationReader.read(path: path)
        line["source"] = String(decoding: try encoder.encode(source), as: UTF8.self)
    } catch {
        failures += 1
        line["error"] = "\(error)"
    }
    // The source is already JSON: splice it in rather than quoting it.
    let path = String(decoding: try encoder.encode(path), as: UTF8.self)
    if let source = line["source"] {
        print("{\"path\":\(path),\"source\":\(source)}")
    } else {
        print("{\"path\":\(path),\"error\":\(String(decoding: try encoder.encode(line["error"] ?? ""), as: UTF8.self))}")
    }
}
exit(failures == 0 ? 0 : 1)
