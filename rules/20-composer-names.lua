-- 20-composer-names.lua
--
-- Replaces the ways scores and libraries write composers with the full name:
--   "J.S. Bach", "JS Bach", "Bach", "Johann Sebastian BACH (1685 - 1750)" -> "Johann Sebastian Bach"
--   "G. F. Händel (1685-1758)" -> "George Frideric Handel"; "attr. J. Kuhnau" -> "Johann Kuhnau"
--   "JOHN PHILIP SOUSA." -> "John Philip Sousa"; "Петр И. Чайковский", "Tschaikowsky" ->
--   "Pyotr Ilyich Tchaikovsky"
-- using data/composers.tsv and data/composer-spellings.tsv (lib/composers.lua).
--
-- forScore splits Author at every comma, so "Chopin, Frédéric" arrives as two composers,
-- "Chopin" and "Frédéric", and "Brahms, Johannes; Joachim, Joseph" as "Brahms",
-- "Johannes; Joachim" and "Joseph". The pieces are read again as the Author text they came
-- from: split at ";", "/", " and " and " & " into names, and two neighbours that read as one known name when
-- swapped ("Frédéric Chopin") are joined into it. Names that are not known stay as written
-- (rule 30 reads an era from their life dates); a name that ends up twice is kept once.

local composers = require("lib.composers")

local function same(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do
    if a[i] ~= b[i] then return false end
  end
  return true
end

local function trim(text)
  return (text:gsub("^%s+", ""):gsub("%s+$", ""))
end

-- The names of one group of comma pieces: a piece and the next read as "Surname, Given"
-- when that is a known name, else each piece alone.
local function names_of(pieces, keep)
  local i = 1
  while i <= #pieces do
    local joined = pieces[i + 1] and composers.full_name(pieces[i + 1] .. " " .. pieces[i])
    if joined then
      keep(joined)
      i = i + 2
    else
      -- A piece that is no name once cleaned ("arr." of "arr. and harm. J.S. Bach", life dates
      -- after a comma) goes.
      local name = composers.full_name(pieces[i])
      local maybe_nothing = not name and (pieces[i]:find("^%S+$") or pieces[i]:find("^%("))
      if not maybe_nothing or composers.clean(pieces[i]) ~= "" then keep(name or pieces[i]) end
      i = i + 1
    end
  end
end

return {
  name = "composer names",
  description = "Spells out known composers' names (J.S. Bach -> Johann Sebastian Bach), reading life dates, 'Surname, Given' and lists.",
  apply = function(score)
    if #score.composers == 0 then return end
    local before = {}
    for i, composer in ipairs(score.composers) do before[i] = composer end
    local after, seen = {}, {}
    local function keep(name)
      name = trim(name)
      local key = tagrules.normalize(name)
      if key ~= "" and not seen[key] then
        seen[key] = true
        after[#after + 1] = name
      end
    end
    -- Lists joined with "and" or "&" ("Scott Joplin and Scott Hayden") as lists with ";".
    local author = table.concat(before, ", ")
    if author:find("&", 1, true) or author:find("%sand%s") then
      author = author:gsub("%s+and%s+", ";"):gsub("%s*&%s*", ";")
    end
    for group in (author .. ";"):gmatch("([^;/]*)[;/]") do
      local pieces = {}
      for piece in (group .. ","):gmatch("([^,]*),") do
        piece = trim(piece)
        -- A year alone is a date the Author carried after a comma ("Haydn (1732-1809), 1803"),
        -- a number the rest of a catalogue number ("F. Chopin. Op.6, No.1.").
        if piece ~= "" and not piece:match("^%d+$") and not piece:match("^[Nn]o%.?%s*%d+%.?$") then
          pieces[#pieces + 1] = piece
        end
      end
      names_of(pieces, keep)
    end
    if not same(before, after) then score.composers = after end
  end,
  examples = {
    { given = { composers = { "J.S. Bach" } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "Bach", "J. S." } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "JS Bach" } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "Bach" } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "Johann Sebastian Bach (1685-1750)" } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "Johann Sebastian BACH (1685 - 1750)" } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "Frederic Chopin (1810-1849)" } }, expect = { composers = { "Frédéric Chopin" } } },
    { given = { composers = { "G. F. Händel (1685-1758)" } }, expect = { composers = { "George Frideric Handel" } } },
    { given = { composers = { "attr. J. Kuhnau" } }, expect = { composers = { "Johann Kuhnau" } } },
    { given = { composers = { "JOHN PHILIP SOUSA." } }, expect = { composers = { "John Philip Sousa" } } },
    { given = { composers = { "Петр И. Чайковский" } }, expect = { composers = { "Pyotr Ilyich Tchaikovsky" } } },
    { given = { composers = { "Tschaikowsky" } }, expect = { composers = { "Pyotr Ilyich Tchaikovsky" } } },
    { given = { composers = { "Tallis" } }, expect = { composers = { "Thomas Tallis" } } },
    { given = { composers = { "Byrd" } }, expect = { composers = { "William Byrd" } } },
    { given = { composers = { "Franck" } }, expect = { composers = { "César Franck" } } },
    { given = { composers = { "Bruch" } }, expect = { composers = { "Max Bruch" } } },
    { given = { composers = { "Brahms", "Johannes; Joachim", "Joseph" } },
      expect = { composers = { "Johannes Brahms", "Joseph Joachim" } } },
    { given = { composers = { "Rheinberger, Josef (1839-1901)" } }, expect = { composers = { "Josef Rheinberger" } } },
    { given = { composers = { "Louis Vierne" } }, expect = { composers = { "Louis Vierne" } } },
    { given = { composers = { "Chopin", "Frédéric" } }, expect = { composers = { "Frédéric Chopin" } } },
    { given = { composers = { "F. Chopin", "Liszt" } },
      expect = { composers = { "Frédéric Chopin", "Franz Liszt" } } },
    { given = { composers = { "Beethoven", "Ludwig van" } }, expect = { composers = { "Ludwig van Beethoven" } } },
    { given = { composers = { "Schumann", "Clara" } }, expect = { composers = { "Clara Schumann" } } },
    { given = { composers = { "FREDERIC CHOPIN", "Tschaikowsky" } },
      expect = { composers = { "Frédéric Chopin", "Pyotr Ilyich Tchaikovsky" } } },
    { given = { composers = { "Traditional", "Bach", "J.S. Bach" } },
      expect = { composers = { "Traditional", "Johann Sebastian Bach" } } },
    { given = { composers = { "Joseph Haydn (1732-1809)", "1803" } }, expect = { composers = { "Joseph Haydn" } } },
    { given = { composers = { "arr. and harm. J.S. Bach (1685-1750)" } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "George Frideric Haendel" } }, expect = { composers = { "George Frideric Handel" } } },
    { given = { composers = { "Pavel Křížkovský (1820-1885)" } },
      expect = { composers = { "Pavel Křížkovský (1820-1885)" } } },
    { given = { composers = { "Johann Sebastian Bach", "Frédéric Chopin" } },
      expect = { composers = { "Johann Sebastian Bach", "Frédéric Chopin" } } },
    { given = { composers = { "L. V. Beethoven (1770--1827)" } }, expect = { composers = { "Ludwig van Beethoven" } } },
    { given = { composers = { "Sir Arthur Sullivan (1842-1900)" } }, expect = { composers = { "Arthur Sullivan" } } },
    { given = { composers = { "Rev. John Bacchus Dykes (1823-1876)", "1861" } },
      expect = { composers = { "John Bacchus Dykes" } } },
    { given = { composers = { "M. Carcassi" } }, expect = { composers = { "Matteo Carcassi" } } },
    { given = { composers = { "D. Aguado" } }, expect = { composers = { "Dionisio Aguado" } } },
    { given = { composers = { "Banchieri" } }, expect = { composers = { "Adriano Banchieri" } } },
    { given = { composers = { "Farrenc", "Louise" } }, expect = { composers = { "Louise Farrenc" } } },
    { given = { composers = { "N. Gade" } }, expect = { composers = { "Niels Gade" } } },
    { given = { composers = { "Moniuszko" } }, expect = { composers = { "Stanisław Moniuszko" } } },
    -- Lists joined with "and" / "&"; a name that is no composer stays as written.
    { given = { composers = { "Scott Joplin and Scott Hayden" } }, expect = { composers = { "Scott Joplin", "Scott Hayden" } } },
    { given = { composers = { "Scott Joplin", "Scott Hayden" } }, expect = { composers = { "Scott Joplin", "Scott Hayden" } } },
    { given = { composers = { "George Frederick Handel & Lowell Mason (1792-1872)" } },
      expect = { composers = { "George Frideric Handel", "Lowell Mason" } } },
    { given = { composers = { "Volksweise", "1460 aufgezeichnet" } }, expect = { composers = { "Volksweise", "1460 aufgezeichnet" } } },
    -- Given names spelled otherwise than the table's, or more of them: taken when they agree
    -- with one composer's; other composers of a known surname are not that composer.
    { given = { composers = { "Mateo Carcassi" } }, expect = { composers = { "Matteo Carcassi" } } },
    { given = { composers = { "Adolphe Charles Adam" } }, expect = { composers = { "Adolphe Adam" } } },
    { given = { composers = { "Franz Xavier Gruber" } }, expect = { composers = { "Franz Gruber" } } },
    { given = { composers = { "Ludwig Aloisius Minkus" } }, expect = { composers = { "Ludwig Minkus" } } },
    { given = { composers = { "Ludvig van Beethoven" } }, expect = { composers = { "Ludwig van Beethoven" } } },
    { given = { composers = { "Goldmark", "Carl" } }, expect = { composers = { "Karl Goldmark" } } },
    { given = { composers = { "Johann Bernhard Bach" } }, expect = { composers = { "Johann Bernhard Bach" } } },
    { given = { composers = { "J. K. F. Fischer" } }, expect = { composers = { "J. K. F. Fischer" } } },
    { given = { composers = { "Wenzel Müller (1767–1835)", "1828" } }, expect = { composers = { "Wenzel Müller" } } },
    { given = { composers = { "August Eberhardt Müller (1767-1817)" } }, expect = { composers = { "August Eberhard Müller" } } },
    { given = { composers = { "Staheli", "Gwendolyn" } }, expect = { composers = { "Gwendolyn Staheli" } } },
    -- Abbreviated given names, a surname in capitals first, "Esq.", lists with a date after a comma.
    { given = { composers = { "Geo. F. Root (1820-1895)" } }, expect = { composers = { "George F. Root" } } },
    { given = { composers = { " SZERVÁC Attila " } }, expect = { composers = { "Attila Szervác" } } },
    { given = { composers = { "Daniel Decatur Emmett Esq. (1815-1904)" } }, expect = { composers = { "Daniel Decatur Emmett" } } },
    { given = { composers = { "Lizzie E. Tourjee", "(1858-1913)", "1878" } }, expect = { composers = { "Lizzie E. Tourjee" } } },
    { given = { composers = { "Nicola Vaccai (1790-1848)" } }, expect = { composers = { "Nicola Vaccai" } } },
    { given = { composers = { "Claude Joseph Rouget de Lisle (1760-1836)" } }, expect = { composers = { "Claude Joseph Rouget de Lisle" } } },
    -- Words in brackets, catalogue numbers, Russian in the spelling before 1918.
    { given = { composers = { "Jacques (Jacob) Blumenthal" } }, expect = { composers = { "Jacques Blumenthal" } } },
    { given = { composers = { "Orlande de Lassus (1530 or 1532-1594)" } }, expect = { composers = { "Orlande de Lassus" } } },
    { given = { composers = { "Johann Sebastian Bach (spurious)" } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "J. Brahms Op.49-4" } }, expect = { composers = { "Johannes Brahms" } } },
    { given = { composers = { "F. Chopin. Op.6", "No.1." } }, expect = { composers = { "Frédéric Chopin" } } },
    { given = { composers = { "Петръ Ильичъ Чайковскій" } }, expect = { composers = { "Pyotr Ilyich Tchaikovsky" } } },
    { given = { composers = { "Александръ А. Алябьевъ (1787-1851)" } }, expect = { composers = { "Alexander Alyabyev" } } },
    { given = { composers = { "Алексей Станчинский" } }, expect = { composers = { "Alexei Stanchinsky" } } },
    { given = { composers = { "Johann Michael Haydn (1737-1806) (possibly spurious); arr. William Gardiner (1770-1853), 1815" } },
      expect = { composers = { "Michael Haydn", "arr. William Gardiner (1770-1853)" } } },
  },
}
