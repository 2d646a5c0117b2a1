-- lib/composers.lua: composer names, shared by 15-title-from-filename.lua,
-- 20-composer-names.lua and 30-genre-from-composer.lua (require "lib.composers").
-- Not a rule: only the top-level *.lua files of the rules folder are rule files.
--
-- data/composers.tsv lists composers by full name with era and years; data/composer-spellings.tsv
-- maps other spellings (initials, surnames alone, transliterations, Cyrillic) to the full name.
-- Both are built by scripts/build_composers.py (data/README.md) and looked up by
-- tagrules.normalize, so case, accents and punctuation do not matter.

local spellings = tagrules.data("data/composer-spellings.tsv")
local table_of = tagrules.data("data/composers.tsv")

local composers = {}

-- Era boundaries (data/README.md): the era of the year a composer turned 35.
local eras = {
  { 1400, "Medieval" }, { 1600, "Renaissance" }, { 1750, "Baroque" }, { 1820, "Classical" },
  { 1900, "Romantic" }, { 1975, "Modern" }, { math.huge, "Contemporary" },
}

-- The era of a composer born in `born` (or, when only that is known, who died in `died`).
function composers.era_of_dates(born, died)
  local year = born and born + 35 or (died and died - 25)
  if not year then return nil end
  for _, boundary in ipairs(eras) do
    if year < boundary[1] then return boundary[2] end
  end
end

-- Dashes and spaces as ASCII, so that patterns can match them.
local function plain(text)
  return (text:gsub("\u{2013}", "-"):gsub("\u{2014}", "-"):gsub("\u{00AD}", "-"):gsub("\u{00A0}", " "))
end

local function trim(text)
  return (text:gsub("^[%s,;:]+", ""):gsub("[%s,;:]+$", ""))
end

-- A composer as written, without what is not the name: life dates ("(1685-1750)", "1685–1750",
-- "b. 1950", "fl. 1600", "(c.1450-1521)"), "attr."/"arr."/"after"/"by", trailing punctuation.
-- Returns the name, and the years of birth and death the text gave (nil when it gave none).
function composers.clean(text)
  text = plain(text)
  local born, died
  local function dates(a, b)
    born, died = tonumber(a), tonumber(b)
    return " "
  end
  local circa = "[cC]?[aA]?%.?%s*"
  text = text:gsub("%(%s*" .. circa .. "(%d%d%d%d?)%??%s*%-%s*" .. circa .. "(%d%d%d%d?)%??%s*%)", dates)
  text = text:gsub("%(%s*" .. circa .. "(%d%d%d%d?)%??%s*%-%s*%)", function(a) return dates(a, nil) end)
  text = text:gsub("(%d%d%d%d)%s*%-%s*(%d%d%d%d)", dates)
  text = text:gsub("%(?%s*[bB]%.%s*(%d%d%d%d)%s*%)?", function(a) return dates(a, nil) end)
  text = text:gsub("%(?%s*born%s+(%d%d%d%d)%s*%)?", function(a) return dates(a, nil) end)
  text = text:gsub("%(?%s*[dD]%.%s*(%d%d%d%d)%s*%)?", function(a) return dates(nil, a) end)
  text = text:gsub("%(?%s*[fF][lL]%.?%s*" .. circa .. "(%d%d%d%d)%s*%)?", function(a)
    local year = tonumber(a)
    born = year - 35  -- a year of activity stands for the middle of a career
    return " "
  end)
  local prefixes = { "attr%.", "attrib%.", "attributed to", "arr%.", "arr:", "arranged by", "and harm%.", "harm%.",
    "after", "by", "composed by", "music by" }
  for _ = 1, 2 do  -- "arr. and harm. J.S. Bach"
    for _, word in ipairs(prefixes) do
      text = text:gsub("^%s*" .. word .. "%s*", ""):gsub("^%s*" .. word:upper() .. "%s*", "")
    end
  end
  text = trim(text:gsub("%s*%(%s*%)", " "):gsub("%s+", " "))
  -- Trailing punctuation goes ("SOUSA."), but for the dot of a final initial ("Bach, J. S.").
  local stripped = text:gsub("[%.!?]+$", "")
  if not stripped:match("^%a$") and not stripped:match("[%s%.]%a$") then text = stripped end
  return text, born, died
end

local function lookup(text)
  local key = tagrules.normalize(text)
  local spelled = spellings[key]
  if spelled then return spelled.name end
  local row = table_of[key]
  return row and row.name
end

-- The full name that `text` stands for, or nil when it is no known composer:
-- "J.S. Bach", "Bach", "JS Bach (1685-1750)", "attr. J. Kuhnau", "JOHN PHILIP SOUSA." ->
-- full names; "Surname, Given" ("Bach, J. S.") is read as "Given Surname".
function composers.full_name(text)
  local name = composers.clean(text)
  if name == "" then return nil end
  local found = lookup(name)
  if found then return found end
  local surname, given = name:match("^([^,]+),%s*([^,]+)$")
  if surname then return lookup(given .. " " .. surname) end
  return nil
end

-- The row of data/composers.tsv for a full name or any known spelling, or nil.
function composers.row(text)
  local name = composers.full_name(text)
  return name and table_of[tagrules.normalize(name)]
end

-- The era of a composer ("Romantic"): from the table for a known composer, else from the
-- life dates written with the name (the second result is then true); nil when neither.
function composers.era(text)
  local row = composers.row(text)
  if row then return row.era, false end
  local _, born, died = composers.clean(text)
  local era = composers.era_of_dates(born, died)
  return era, era ~= nil
end

return composers
