-- 15-title-from-filename.lua
--
-- Gives a score a readable title from its filename when it has none, or when its title is just
-- the filename (many PDF producers copy it there; rule 12 clears producers' junk titles first).
-- Rules 13 and 14 have filled the title from a notation source or the first page where they
-- could, so a meaningless name ("scan0001.pdf", a download id) becomes the title only when
-- neither gave one (a scan has no text on its first page).
-- Runs before the composer rules (20, 30), so a composer it finds is then spelled out and given
-- an era in the same run, and before the parts rule (17), which moves a part to the end.
--
-- The composer is taken from the filename only when the score has none, and only when it is a
-- known composer (data/composers.tsv or a spelling of one), so "Truncated download - Handel
-- Sarabande" is not mistaken for composer and title. Conventions:
--   IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major   -> "Prelude Op.28 No.7 in A major", Chopin
--   IMSLP12345-PMLP0001-Beethoven_Sonata_Op13           -> "Sonata Op13", Beethoven
--   Satie - Gymnopédie No. 1 in D major                 -> "Gymnopédie No. 1 in D major", Satie
--   Gymnopedie 1 - Satie                                -> "Gymnopedie 1", Satie
--   Ave Maria (Schubert) - SATB                         -> "Ave Maria - SATB", Schubert
--   Dvorak_Symphony9_Violin1                            -> "Symphony No. 9 Violin 1", Dvorak
--   Beethoven_Ode_to_Joy_D                              -> "Ode to Joy D", Beethoven
-- Underscores become spaces; a genre word glued to its number gains "No." ("Symphony9" ->
-- "Symphony No. 9"), as orchestra librarians' names leave it out.

local composers = require("lib.composers")

local numbered = {
  symphony = true, sonata = true, sonatina = true, concerto = true, quartet = true, quintet = true,
  trio = true, suite = true, partita = true, prelude = true, etude = true, nocturne = true,
  ballade = true, mazurka = true, waltz = true, impromptu = true, serenade = true, divertimento = true,
  sinfonie = true, sonate = true, konzert = true, invention = true, fugue = true, cantata = true,
}

local function clean(text)
  text = text:gsub("[_%s]+", " ")
  -- "Symphony9" -> "Symphony No. 9"; "Violin1" -> "Violin 1".
  if text:find("%a%d") then text = text:gsub("%f[%a](%a+)%f[%d](%d+)", function(word, number)
    if numbered[word:lower()] then return word .. " No. " .. number end
    if #word > 2 and not word:match("^[A-Z][a-z]?$") and not word:match("^%u+$") then return word .. " " .. number end
  end) end
  text = text:gsub("^ ", "")
  -- A space at the end, looked at directly: the pattern " $" would be tried at every position.
  if text:sub(-1) == " " then text = text:sub(1, -2) end
  return text
end

-- Whether `name` is a known composer. Digits without a bracket ("00042-Chopin", "Op. 28")
-- are never part of a composer's name in a filename.
local function known(name)
  if not name or name == "" or (name:find("%d") and not name:find("%(")) then return false end
  return composers.full_name(name) ~= nil
end

-- IMSLP's prefixes, each capturing what follows it.
local imslp_prefixes = { "^IMSLP%d+%-(.*)$", "^PMLP%d+%-(.*)$" }

-- The title and composer (or nil) that a filename stem holds.
local function from_stem(stem)
  local imslp = false
  for _, prefix in ipairs(imslp_prefixes) do
    local rest = stem:match(prefix)
    if rest then stem, imslp = rest, true end
  end
  if imslp then
    local composer, title = stem:match("^(.-)_%-_(.+)$")
    if composer and composer ~= "" then return clean(title), clean(composer) end
  end
  local text = clean(stem)
  -- "Composer - Title" or "Title - Composer"; the plain find spares the pattern's scan of
  -- the many names without " - ".
  local left, right
  if text:find(" - ", 1, true) then left, right = text:match("^(.-) %- (.+)$") end
  if left and known(left) then return right, left end
  if left and known(right) then return left, right end
  if text:find("(", 1, true) then
    local title, composer, rest = text:match("^(.-)%s*%(([^()]+)%)%s*(.*)$")
    if title and title ~= "" and known(composer) then
      return rest ~= "" and (title .. " " .. rest) or title, composer
    end
  end
  local first, others = text:match("^(%S+) (.+)$")
  if first and known(first) then return others, first end
  return text, nil
end

return {
  name = "title from filename",
  description = "Sets a missing title, or one that is just the filename, from the cleaned filename; the composer too when none is set (IMSLP, 'Composer - Title', 'Title - Composer', 'Title (Composer)').",
  apply = function(score)
    local title, file = score.title, score.file
    local stem = file.stem
    local missing = title == nil or title:match("^%s*$") ~= nil
    if not missing and title ~= file.name and title ~= stem then return end
    if stem == nil or stem:match("^%s*$") then return end
    local new_title, composer = from_stem(stem)
    if new_title ~= "" then score.title = new_title end
    if composer and #score.composers == 0 then score.composers:add(composer) end
  end,
  examples = {
    { given = { file = { name = "IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major.pdf" } },
      expect = { title = "Prelude Op.28 No.7 in A major", composers = { "Chopin" } } },
    { given = { title = "IMSLP51707-PMLP01458-Bach_-_Prelude_and_Fugue_in_C_major_BWV_846",
                composers = { "Johann Sebastian Bach" },
                file = { name = "IMSLP51707-PMLP01458-Bach_-_Prelude_and_Fugue_in_C_major_BWV_846.pdf" } },
      expect = { title = "Prelude and Fugue in C major BWV 846", composers = { "Johann Sebastian Bach" } } },
    { given = { file = { name = "IMSLP12345-PMLP0001-Beethoven_Sonata_Op13.pdf" } },
      expect = { title = "Sonata Op13", composers = { "Beethoven" } } },
    { given = { file = { name = "Satie - Gymnopédie No. 1 in D major.pdf" } },
      expect = { title = "Gymnopédie No. 1 in D major", composers = { "Satie" } } },
    { given = { file = { name = "Chopin - Ballade No. 1 in G minor, Op. 23.pdf" } },
      expect = { title = "Ballade No. 1 in G minor, Op. 23", composers = { "Chopin" } } },
    { given = { file = { name = "Gymnopedie 1 - Satie.pdf" } },
      expect = { title = "Gymnopedie 1", composers = { "Satie" } } },
    { given = { file = { name = "Ave Maria (Schubert) - SATB.pdf" } },
      expect = { title = "Ave Maria - SATB", composers = { "Schubert" } } },
    { given = { file = { name = "Dvorak_Symphony9_Violin1.pdf" } },
      expect = { title = "Symphony No. 9 Violin 1", composers = { "Dvorak" } } },
    { given = { file = { name = "Beethoven_Ode_to_Joy_D.pdf" } },
      expect = { title = "Ode to Joy D", composers = { "Beethoven" } } },
    { given = { file = { name = "Greensleeves (Traditional) - E minor.pdf" } },
      expect = { title = "Greensleeves (Traditional) - E minor", composers = false } },
    { given = { file = { name = "Truncated download - Handel Sarabande.pdf" } },
      expect = { title = "Truncated download - Handel Sarabande", composers = false } },
    { given = { title = "Nocturne in E-flat major",
                file = { name = "IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major.pdf" } },
      expect = { title = "Nocturne in E-flat major", composers = false } },
    { given = { title = "   ", file = { name = "notes.pdf" } },
      expect = { title = "notes" } },
  },
}
