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
-- from: split at ";" and "/" into names, and two neighbours that read as one known name when
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
      keep(composers.full_name(pieces[i]) or pieces[i])
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
    local author = table.concat(before, ", ")
    for group in (author .. ";"):gmatch("([^;/]*)[;/]") do
      local pieces = {}
      for piece in (group .. ","):gmatch("([^,]*),") do
        piece = trim(piece)
        -- A year alone is a date the Author carried after a comma ("Haydn (1732-1809), 1803").
        if piece ~= "" and not piece:match("^%d+$") then pieces[#pieces + 1] = piece end
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
  },
}
