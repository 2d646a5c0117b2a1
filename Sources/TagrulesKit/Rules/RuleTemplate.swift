/// The rule file `tagrules rules new NAME` writes: a documented skeleton whose example passes,
/// for someone's first rule.
package enum RuleTemplate {
    /// The text of `FILE.lua` for a rule called `name` (a file name without `.lua`, such as
    /// `50-piano-method`; the rule's name is its words: `piano method`).
    package static func text(fileName: String) -> String {
        let name = ruleName(fileName: fileName)
        return #"""
            -- \#(fileName).lua: a tagrules rule file (the rule API: rules/README.md).
            --
            -- A rule file returns one rule table, or a list of them. Rule files run in filename
            -- order, so the number in front of the name decides when this one runs; later rules
            -- see the changes of earlier ones. `apply` gets `score`, forScore's view of one PDF:
            --   score.title                                  text, or nil when unset
            --   score.composers, score.genres, score.tags    lists: l:add(x), l:remove(x), l:has(x), #l, ipairs(l)
            --   score.rating (0-5), score.difficulty (0-3), score.duration (seconds), score.key ("E-flat major")
            --   score.file.name, .stem, .folder, .path, .pages   read-only; score.info, score.toc too
            --   score.source   the notation file beside the PDF (.title, .composers, .keysf, …), or nil
            --   score.text     the first page's lines top to bottom: { text, size, x, y } (y from the top)
            -- Helpers: tagrules.match, tagrules.normalize, tagrules.split, tagrules.key.parse,
            -- tagrules.data("data/x.csv") (a table of a data file of this folder; walk it with pairs),
            -- tagrules.log (a note in the report).
            -- When apply raises an error, its changes to that score are rolled back and the run
            -- goes on with the next rule.
            --
            -- Check it:  tagrules rules check
            -- Test it:   tagrules rules test \#(fileName).lua   (runs the examples below)
            -- Try it:    tagrules plan SCORES/ --rules builtin --rules FOLDER   (after the shipped rules)

            return {
              name = "\#(name)",
              description = "Tags scores whose file name says 'etude' or 'study' as studies.",
              apply = function(score)
                local name = tagrules.normalize(score.file.stem)
                if name:find("etude", 1, true) or name:find("study", 1, true) then
                  score.tags:add("study")
                end
              end,
              examples = {
                { given = { file = { name = "Chopin - Étude Op. 10 No. 3.pdf" } }, expect = { tags = { "study" } } },
                { given = { file = { name = "Chopin - Nocturne Op. 9 No. 2.pdf" } }, expect = { tags = false } },
              },
            }

            """#
    }

    /// `50-piano-method` → `piano method`: the words of a file name without its number.
    static func ruleName(fileName: String) -> String {
        let words = fileName.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
        let named = words.drop { $0.allSatisfy(\.isNumber) }
        return (named.isEmpty ? words[...] : named).joined(separator: " ")
    }
}
