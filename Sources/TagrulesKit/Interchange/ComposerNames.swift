import Foundation
import MetadataModel
import RuleHost

/// Composers' surnames for `setlist --sort composer`, from the composer table of the shipped
/// rules (``BuiltinRules``), read as rules read it (`tagrules.data`):
/// `data/composer-spellings.tsv` maps spellings (`spelling`) to full names (`name`),
/// `data/composers.tsv` lists the full names (`name`).
///
/// A name is first made the full name the table knows it by (`Mozart`, `W. A. Mozart` →
/// `Wolfgang Amadeus Mozart`). Its surname is its last word (before a generation's mark:
/// `Johann Strauss II` → `Strauss`) when that word is a spelling in the table (`Bach`, also for
/// Carl Philipp Emanuel Bach; `Falla` for Manuel de Falla); else the shortest spelling of the
/// composer of more than one word that ends the name and starts with a capital (`Vaughan
/// Williams`, `Du Fay`); else the last word.
package struct ComposerNames: Sendable {
    /// Full names by normalized spelling.
    private let fullNames: [String: String]
    /// Surnames of more than one word, by normalized full name, where the table gives one.
    private let surnames: [String: String]

    /// The table of the shipped rules, or nil (with why) when it cannot be read.
    package static func shipped() -> Result<ComposerNames, CLIError> {
        guard let folder = BuiltinRules.folder() else {
            return .failure(CLIError(.rulesUnavailable, "the shipped rules are not installed beside this binary"))
        }
        do {
            let spellings = try DataFileLoader.load(contentsOf: folder.appendingPathComponent("data/composer-spellings.tsv"))
            let names = try DataFileLoader.load(contentsOf: folder.appendingPathComponent("data/composers.tsv"))
            return .success(ComposerNames(spellings: spellings, names: names))
        } catch {
            return .failure(CLIError(.rulesUnavailable, "cannot read the composer table: \(error.description)"))
        }
    }

    /// The table of `spellings` (columns `spelling`, `name`) and `names` (column `name`).
    init(spellings: DataTable, names table: DataTable) {
        var names: [String: String] = [:]
        var surnames: [String: String] = [:]
        for (key, row) in table.rows {
            if let name = row["name"] { names[key] = name }
        }
        for (key, row) in spellings.rows {
            guard let spelling = row["spelling"], let name = row["name"] else { continue }
            names[key] = name
            guard name.hasSuffix(" " + spelling), spelling.first?.isUppercase == true, spelling.contains(" ") else { continue }
            let full = TextNormalizer.normalize(name)
            if spelling.count < surnames[full]?.count ?? Int.max { surnames[full] = spelling }
        }
        fullNames = names
        self.surnames = surnames
    }

    /// The surname `name` sorts under.
    package func surname(of name: String) -> String {
        let full = fullNames[TextNormalizer.normalize(name)] ?? name
        let last = SetlistOrder.lastWord(full)
        if fullNames[TextNormalizer.normalize(last)] != nil { return last }
        return surnames[TextNormalizer.normalize(full)] ?? last
    }
}
