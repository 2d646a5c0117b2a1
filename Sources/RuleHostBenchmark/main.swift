// Rules overhead per score: the shipped rule set (or any rules folder) over N generated scores,
// on one Lua state (`RuleRunner`; a run gives each worker thread one). A benchmark, not a test:
//   swift run -c release rulehost-bench [RULES_DIR] [--scores N]
import Foundation
import MetadataModel
import RuleHost

var rulesFolder = "rules"
var count = 10_000
var arguments = Array(CommandLine.arguments.dropFirst())
while let argument = arguments.first {
    arguments.removeFirst()
    if argument == "--scores", let value = arguments.first.flatMap(Int.init) {
        count = max(1, value)
        arguments.removeFirst()
    } else {
        rulesFolder = argument
    }
}

// Titles and composers as they come in real libraries: filenames, IMSLP names, short forms.
let titles = [
    "Nocturne in E-flat major, Op. 9 No. 2", "Sonate Nr. 14 cis-Moll Op. 27", "Prélude en ré mineur",
    "IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major", "Ave Maria", "Suite BWV 1007",
    "Beethoven_Ode_to_Joy_D", "Concerto in Re maggiore RV 93", "Gymnopédie No. 1", "Es-Dur Walzer",
    "Minuet in G major BWV Anh 114", "Greensleeves - E minor", "Etude Op. 10 No. 12", "Clair de lune",
]
let composers: [[String]] = [
    ["Bach"], ["Chopin", "Frédéric"], ["J.S. Bach"], ["Beethoven"], ["Debussy"], [], ["Vivaldi"], ["F. Chopin"],
]
let inputs = (0..<count).map { index -> ScoreInput in
    let title = titles[index % titles.count]
    var metadata = ScoreMetadata(title: index % 3 == 0 ? nil : title, composers: composers[index % composers.count])
    if index % 5 == 0 { metadata.tags = ["piano", "practice"] }
    return ScoreInput(metadata: metadata, file: FileFacts(path: "/library/\(title) \(index).pdf", pages: 2 + index % 7))
}

do {
    let ruleSet = try RuleSet.load(folder: URL(fileURLWithPath: rulesFolder))
    print("rulehost-bench: \(ruleSet.rules.count) rules from \(rulesFolder), \(count) scores")
    let runner = try RuleRunner(ruleSet: ruleSet)
    for input in inputs.prefix(200) { _ = runner.run(input) }  // warm up: data cached
    let start = DispatchTime.now().uptimeNanoseconds
    let changed = inputs.reduce(0) { changed, input in changed + (runner.run(input).changes.isEmpty ? 0 : 1) }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print(String(format: "%.1f µs per score (%.0f scores/s), %d of %d changed",
                 seconds / Double(count) * 1e6, Double(count) / seconds, changed, count))
} catch {
    FileHandle.standardError.write(Data("rulehost-bench: \(error)\n".utf8))
    exit(1)
}
