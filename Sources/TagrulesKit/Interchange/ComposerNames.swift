import Foundation
import MetadataModel
import RuleHost

/// Composers' surnames for `setlist --sort composer`, from the composer table of the shipped
/// rules (``BuiltinRules``), read as rules read it (`tagrules.data`): `data/composers.csv`
/// maps spellings (`alias`) to full names (`name`), `data/eras.csv` lists full names.
///
/// A name is first made the full name the table knows it by (`Mozart`, `W. A. Mozart` →
/// `Wolfgang Amadeus Mozart`); its surname is then the longest alias of it that ends it and
/// starts with a capital (`Vaughan Williams`, `Du Fay`; not `de Falla`, which sorts under F),
/// else its last word.
package struct ComposerNames: Sendable {
    /// Full names by normalized spelling.
    private let fullNames: [String: String]
    /// Surnames by normalized full name, where the table gives one.
    private let surnames: [String: String]

    /// The table of the shipped rules, or nil (with why) when it cannot be read.
    package static func shipped() -> Result<ComposerNames, CLIError> {
        guard let folder = BuiltinRules.folder() else {
            return .failure(CLIError(.rulesUnavailable, "the shipped rules are not installed beside this binary"))
        }
        do {
            let aliases = try DataFileLoader.load(contentsOf: folder.appendingPathComponent("data/composers.csv"))
            let eras = try DataFileLoader.load(contentsOf: folder.appendingPathComponent("data/eras.csv"))
            return .success(ComposerNames(aliases: aliases, names: eras))
        } catch {
            return .failure(CLIError(.rulesUnavailable, "cannot read the composer table: \(error.description)"))
        }
    }

    /// The table of `aliases` (columns `alias`, `name`) and `names` (column `name`).
    init(aliases: DataTable, names table: DataTable) {
        var names: [String: String] = [:]
        var surnames: [String: String] = [:]
        for (key, row) in table.rows {
            if let name = row["name"] { names[key] = name }
        }
        for (key, row) in aliases.rows {
            guard let alias = row["alias"], let name = row["name"] else { continue }
            names[key] = name
            guard name.hasSuffix(" " + alias), alias.first?.isUppercase == true else { continue }
            let full = TextNormalizer.normalize(name)
            if alias.count > surnames[full]?.count ?? 0 { surnames[full] = alias }
        }
        fullNames = names
        self.surnames = surnames
    }

    /// The surname `name` sorts under.
    package func surname(of name: String) -> String {
        let full = fullNames[TextNormalizer.normalize(name)] ?? name
        return surnames[TextNormalizer.normalize(full)] ?? SetlistOrder.lastWord(full)
    }
}
