-- lib/composers.lua: composer names, shared by 15-title-from-filename.lua,
-- 20-composer-names.lua and 30-genre-from-composer.lua (require "lib.composers").
-- Not a rule: only the top-level *.lua files of the rules folder are rule files.
--
-- data/composers.tsv lists composers by full name with era and years; data/composer-spellings.tsv
-- maps other spellings (initials, surnames alone, transliterations) to the full name, and
-- data/composer-spellings-cyrillic.tsv those written in Cyrillic.
-- Both are built by scripts/build_composers.py (data/README.md) and looked up by
-- tagrules.normalize, so case, accents and punctuation do not matter.

local spellings = tagrules.data("data/composer-spellings.tsv")
local table_of = tagrules.data("data/composers.tsv")
local cyrillic_spellings  -- data/composer-spellings-cyrillic.tsv, read for the first Cyrillic name

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

-- Words before a name that are not part of it ("attr. J. Kuhnau", "arr. and harm. J.S. Bach",
-- "after Handel", "music by ..."), by their first word in lowercase.
local prefixes = {
  attr = { "attr%.%s*", "attrib%.%s*" }, attrib = { "attrib%.%s*" }, attributed = { "attributed to%s+" },
  arr = { "arr[%.:]%s*" }, arranged = { "arranged by%s+" }, ["and"] = { "and harm%.%s*" }, harm = { "harm%.%s*" },
  after = { "after%s+" }, by = { "by%s+" }, composed = { "composed by%s+" }, music = { "music by%s+" },
}

-- The text without the words before the name that `prefixes` lists, however many there are.
local function drop_prefixes(text)
  while true do
    local first = text:match("^(%a+)")
    local patterns = first and prefixes[first:lower()]
    if not patterns then return text end
    local lower, rest = text:lower(), nil
    for _, pattern in ipairs(patterns) do
      local stop = select(2, lower:find("^" .. pattern))
      if stop then rest = text:sub(stop + 1) break end
    end
    if not rest then return text end
    text = rest
  end
end

-- Life dates in `text` ("(1685-1750)", "1685–1750", "b. 1950", "d. 1828", "fl. 1600",
-- "(c.1450-1521)"): the text without them, and the years of birth and death.
local function drop_dates(text)
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
    born = tonumber(a) - 35  -- a year of activity stands for the middle of a career
    return " "
  end)
  return text, born, died
end

-- A composer as written, without what is not the name: life dates, "attr."/"arr."/"after"/"by",
-- trailing punctuation. Returns the name, and the years of birth and death the text gave (nil
-- when it gave none).
function composers.clean(text)
  if text:find("[\128-\255]") then text = plain(text) end
  local born, died
  -- Life dates need a bracket, a dash or a "b.", "d.", "born", "fl." before the year.
  if text:find("%d%d%d") and (text:find("[%(%-]") or text:find("%f[%a][bBdD]%.") or text:find("born") or text:find("[fF][lL]")) then
    text, born, died = drop_dates(text)
  end
  text = drop_prefixes(trim(text))
  if text:find("[%(%s][%s%)]") then text = text:gsub("%s*%(%s*%)", " "):gsub("%s+", " ") end
  text = trim(text)
  -- Trailing punctuation goes ("SOUSA."), but for the dot of a final initial ("Bach, J. S.").
  if text:find("[%.!?]$") then
    local stripped = text:gsub("[%.!?]+$", "")
    if not stripped:match("^%a$") and not stripped:match("[%s%.]%a$") then text = stripped end
  end
  return text, born, died
end

local function lookup(text)
  local key = tagrules.normalize(text)
  local spelled = spellings[key]
  if spelled then return spelled.name end
  if key:find("[\208\209]") then  -- Cyrillic letters (UTF-8 lead bytes D0, D1)
    cyrillic_spellings = cyrillic_spellings or tagrules.data("data/composer-spellings-cyrillic.tsv")
    spelled = cyrillic_spellings[key]
    if spelled then return spelled.name end
  end
  local row = table_of[key]
  return row and row.name
end

-- The answers of full_name, remembered for this worker: a library names its composers over and
-- over, and the rules ask about each one several times. Emptied when it grows large.
local known, known_count = {}, 0

local function find_full_name(text)
  local name = composers.clean(text)
  if name == "" then return nil end
  local found = lookup(name)
  if found then return found end
  local surname, given = name:match("^([^,]+),%s*([^,]+)$")
  if surname then return lookup(given .. " " .. surname) end
  return nil
end

-- The full name that `text` stands for, or nil when it is no known composer:
-- "J.S. Bach", "Bach", "JS Bach (1685-1750)", "attr. J. Kuhnau", "JOHN PHILIP SOUSA." ->
-- full names; "Surname, Given" ("Bach, J. S.") is read as "Given Surname".
function composers.full_name(text)
  local found = known[text]
  if found == nil then
    if known_count >= 4096 then known, known_count = {}, 0 end
    found = find_full_name(text) or false
    known[text], known_count = found, known_count + 1
  end
  return found or nil
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
