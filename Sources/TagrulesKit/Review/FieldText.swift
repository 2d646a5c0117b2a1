import Foundation
import MetadataModel
import RuleHost

/// Field values typed by people — `set --key`/`--duration` and the lines of the `edit` sheet —
/// read one way everywhere.
package enum FieldText {
    /// Why a text is no value of its field: one lowercase sentence.
    package struct Problem: Error, Sendable, Hashable {
        package var message: String
    }

    /// `225`, `3:45` or `1:02:03` as seconds; nil for anything else or an overflow.
    package static func seconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 12 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        var total = 0
        for (index, part) in parts.enumerated() {
            guard let value = Int(part), index == 0 || value < 60 else { return nil }
            let (scaled, overflow1) = total.multipliedReportingOverflow(by: 60)
            let (sum, overflow2) = scaled.addingReportingOverflow(value)
            guard !overflow1, !overflow2 else { return nil }
            total = sum
        }
        return total
    }

    /// One of forScore's 30 keys, in forScore's names or any spelling rules read
    /// (`tagrules.key.parse`: "Es-Dur", "fis-moll", "ré mineur") — but never a key forScore does
    /// not have turned silently into its enharmonic: the parser reads "Fb major" as the E major
    /// it sounds as, so a tonic whose letter is not the key's is refused, naming the key to give.
    package static func key(_ text: String) throws(Problem) -> Key {
        guard let key = Key(name: text) ?? KeyParser.parse(text) else {
            throw Problem(message: "'\(text)' is not one of forScore's 30 keys (try \"E-flat major\" or \"F# minor\")")
        }
        if let written = tonicLetter(text), let letter = key.name.first, written != letter {
            throw Problem(message: "'\(text)' is not one of forScore's 30 keys; it sounds as \(key.name), which is: give \"\(key.name)\"")
        }
        return key
    }

    /// The letter (A–G) of the tonic `text` starts with: an English or German note name
    /// (`Fb`, `Fes`; `H` is B), or a solfège syllable (`ré`, `sol`, `Sib`); nil when it starts
    /// with neither.
    static func tonicLetter(_ text: String) -> Character? {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
        let syllables: [(String, Character)] = [
            ("sol", "G"), ("do", "C"), ("ut", "C"), ("re", "D"), ("mi", "E"), ("fa", "F"), ("la", "A"), ("si", "B"),
        ]
        for (syllable, letter) in syllables where folded.hasPrefix(syllable) {
            // A syllable stands alone, or takes a flat as "b" ("Sib", "Mib").
            let rest = folded.dropFirst(syllable.count)
            let next = rest.first == "b" ? rest.dropFirst().first : rest.first
            if next.map({ !$0.isLetter }) ?? true { return letter }
        }
        guard let first = folded.first else { return nil }
        switch first {
        case "a"..."g": return Character(first.uppercased())
        case "h": return "B"
        default: return nil
        }
    }
}
