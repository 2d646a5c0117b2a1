-- 20-composer-names.lua
--
-- Replaces short forms and other spellings of well-known composers' names with the full name:
--   "J.S. Bach", "JS Bach", "Bach"         -> "Johann Sebastian Bach"
--   "Chopin", "F. Chopin", "Fryderyk Chopin" -> "Frédéric Chopin"
-- using data/composers.csv (spellings) and data/eras.csv (full names).
--
-- forScore splits Author at every comma, so "Chopin, Frédéric" arrives as two composers,
-- "Chopin" and "Frédéric", and "Bach, J. S." as "Bach" and "J. S.". Two neighbours that read as
-- one known name when swapped ("Frédéric Chopin") are joined into it. Names that are not known
-- stay as they are; a name that ends up twice is kept once, at its first place.

local composers = require("lib.composers")

local function same(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do
    if a[i] ~= b[i] then return false end
  end
  return true
end

return {
  name = "composer names",
  description = "Spells out well-known composers' names (J.S. Bach -> Johann Sebastian Bach), joining 'Surname, Given' pairs.",
  apply = function(score)
    if #score.composers == 0 then return end
    local before = {}
    for i, composer in ipairs(score.composers) do before[i] = composer end
    local after, seen = {}, {}
    local function keep(name)
      local key = tagrules.normalize(name)
      if not seen[key] then
        seen[key] = true
        after[#after + 1] = name
      end
    end
    local i = 1
    while i <= #before do
      local joined = before[i + 1] and composers.full_name(before[i + 1] .. " " .. before[i])
      if joined then
        keep(joined)
        i = i + 2
      else
        keep(composers.full_name(before[i]) or before[i])
        i = i + 1
      end
    end
    if not same(before, after) then score.composers = after end
  end,
  examples = {
    { given = { composers = { "J.S. Bach" } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "Bach", "J. S." } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "JS Bach" } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "Bach" } }, expect = { composers = { "Johann Sebastian Bach" } } },
    { given = { composers = { "Chopin", "Frédéric" } }, expect = { composers = { "Frédéric Chopin" } } },
    { given = { composers = { "F. Chopin", "Liszt" } },
      expect = { composers = { "Frédéric Chopin", "Franz Liszt" } } },
    { given = { composers = { "Beethoven", "Ludwig van" } }, expect = { composers = { "Ludwig van Beethoven" } } },
    { given = { composers = { "Schumann", "Clara" } }, expect = { composers = { "Clara Schumann" } } },
    { given = { composers = { "FREDERIC CHOPIN", "Tschaikowsky" } },
      expect = { composers = { "Frédéric Chopin", "Pyotr Ilyich Tchaikovsky" } } },
    { given = { composers = { "Traditional", "Bach", "J.S. Bach" } },
      expect = { composers = { "Traditional", "Johann Sebastian Bach" } } },
    { given = { composers = { "Johann Sebastian Bach", "Frédéric Chopin" } },
      expect = { composers = { "Johann Sebastian Bach", "Frédéric Chopin" } } },
  },
}
