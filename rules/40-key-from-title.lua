-- 40-key-from-title.lua
--
-- Sets the key (keysf/keymi) from the title or, when the title names none, from the filename,
-- for scores that have no key yet. tagrules.key.parse finds keys in English ("E-flat major",
-- "in Eb", "C#m"), German ("Es-Dur", "fis-moll", "H-Dur"), French ("mi bémol majeur"), Italian
-- ("Re minore") and Spanish ("Re mayor") and ignores ordinary words ("A Minuet", "Bach",
-- "Op. 9 No. 2"); a bare letter at the end of a filename ("Ode_to_Joy_D") counts as a weak
-- hint, used only when nothing better is found. A score with only one of keysf/keymi counts as
-- having no key.

return {
  name = "key from title",
  description = "Sets a missing key from the title or the filename (English, German, French, Italian, Spanish names).",
  apply = function(score)
    if score.key ~= nil then return end
    local title, stem = score.title or "", score.file.stem or ""
    local keysf, keymi = tagrules.key.parse(title)
    -- A title made from the filename (rule 15) says what the filename says.
    if keysf == nil and tagrules.normalize(stem) ~= tagrules.normalize(title) then
      keysf, keymi = tagrules.key.parse(stem)
    end
    if keysf ~= nil then score.keysf, score.keymi = keysf, keymi end
  end,
  examples = {
    { given = { title = "Nocturne in E-flat major, Op. 9 No. 2" }, expect = { key = "E♭ major" } },
    { given = { title = "Sonata No. 14 in C-sharp minor, Op. 27 No. 2" }, expect = { keysf = 4, keymi = 1 } },
    { given = { file = { name = "Chopin Nocturne Op.9 No.2 Es-Dur.pdf" } }, expect = { key = "E♭ major" } },
    { given = { title = "Ode to Joy", file = { name = "Beethoven_Ode_to_Joy_D.pdf" } }, expect = { key = "D major" } },
    { given = { title = "Sonata in A minor", file = { name = "Sonata_C.pdf" } }, expect = { key = "A minor" } },
    { given = { title = "Prélude en ré mineur" }, expect = { keysf = -1, keymi = 1 } },
    { given = { title = "Prelude in C major", keysf = -3, keymi = 1 }, expect = { keysf = -3, keymi = 1 } },
    { given = { title = "Ave Maria", file = { name = "Ave Maria.pdf" } }, expect = { key = false } },
    { given = { title = "Clarinet in Bb" }, expect = { key = false } },
  },
}
