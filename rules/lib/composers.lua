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
-- "after Handel", "music by ...", titles: "Sir Arthur Sullivan", "Rev. J. B. Dykes"), by
-- their first word in lowercase.
local prefixes = {
  attr = { "attr%.%s*", "attrib%.%s*" }, attrib = { "attrib%.%s*" }, attributed = { "attributed to%s+" },
  arr = { "arr[%.:]%s*" }, arranged = { "arranged by%s+" }, ["and"] = { "and harm%.%s*" }, harm = { "harm%.%s*" },
  after = { "after%s+" }, by = { "by%s+" }, composed = { "composed by%s+" }, music = { "music by%s+" },
  sir = { "sir%s+" }, rev = { "rev%.?%s+" }, dr = { "dr%.?%s+" }, mr = { "mr%.?%s+" },
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

-- Russian as written before the 1918 reform, as today: no hard sign ending a word, and the
-- retired letters і, ѣ, ѳ, ѵ as и, е, ф, и ("Петръ Чайковскій" -> "Петр Чайковский"; the
-- table's Cyrillic spellings are Russian, so a Ukrainian і is read so too).
local old_russian = {
  ["і"] = "и", ["І"] = "И", ["ѣ"] = "е", ["Ѣ"] = "Е", ["ѳ"] = "ф", ["Ѳ"] = "Ф", ["ѵ"] = "и", ["Ѵ"] = "И",
}

local function modern_russian(text)
  text = text:gsub("ъ%f[%s%p\0]", ""):gsub("Ъ%f[%s%p\0]", "")
  for old, new in pairs(old_russian) do text = text:gsub(old, new) end
  return text
end

-- Given names as English hymnals and editions abbreviate them ("Geo. F. Root", "Wm. H. Monk"),
-- as scripts/build_composers.py reads them too.
local given_abbreviations = {
  geo = "George", wm = "William", chas = "Charles", jas = "James", thos = "Thomas",
  jno = "John", saml = "Samuel", benj = "Benjamin", robt = "Robert", richd = "Richard",
}

-- A composer as written, without what is not the name: life dates, "attr."/"arr."/"after"/"by",
-- other words in brackets ("(spurious)", "(Jacob)"), a catalogue number and what follows it
-- ("J. Brahms Op.49-4"), "Esq.", trailing punctuation; abbreviated given names written out
-- ("Geo." -> "George"); Cyrillic in today's spelling. Returns the name,
-- and the years of birth and death the text gave (nil when it gave none).
function composers.clean(text)
  if text:find("[\128-\255]") then
    text = plain(text)
    if text:find("[\208\209]") then text = modern_russian(text) end
  end
  -- TeX's en dash ("1770--1827", as LilyPond editions write life dates) as one dash.
  if text:find("--", 1, true) then text = text:gsub("%-%-+", "-") end
  local born, died
  -- Life dates need a bracket, a dash or a "b.", "d.", "born", "fl." before the year.
  if text:find("%d%d%d") and (text:find("[%(%-]") or text:find("%f[%a][bBdD]%.") or text:find("born") or text:find("[fF][lL]")) then
    text, born, died = drop_dates(text)
  end
  if text:find("%(") then text = text:gsub("%s*%b()", " ") end
  if text:find("[Oo]p") then text = text:gsub("[%s%.,]*%f[%a][Oo]p%.?%s*%d.*$", "") end
  text = drop_prefixes(trim(text))
  if text:find("%s%s") then text = text:gsub("%s+", " ") end
  if text:find("sq%.?$") then text = text:gsub("[%s,]+[Ee]sq%.?$", "") end
  if text:find("%a%a%. ") then
    text = text:gsub("%f[%a](%a+)%. ", function(word)
      local full = given_abbreviations[word:lower()]
      return full and full .. " "
    end)
  end
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

-- Words before a surname that belong to it ("Ludwig van Beethoven").
local particles = {
  von = true, van = true, de = true, der = true, den = true, da = true, di = true, du = true,
  del = true, della = true, des = true, la = true, le = true, d = true, ten = true, zu = true,
}

-- A name's given names (hyphenated ones as two: "Jean-Baptiste") and surname words (the
-- surname with the particles before it), or nil for a single word.
local function parts(name)
  local words = {}
  for word in name:gmatch("[^%s%.]+") do words[#words + 1] = word end
  if #words < 2 then return nil end
  local last = #words - 1
  while last >= 1 and particles[words[last]:lower()] do last = last - 1 end
  local given = {}
  for i = 1, last do
    if not particles[words[i]:lower()] then
      for piece in words[i]:gmatch("[^%-]+") do given[#given + 1] = piece end
    end
  end
  return given, table.concat(words, " ", last + 1)
end

-- A given name as spelling habits leave it: its first letter and the consonants after it,
-- with k as c, v as w, ks as x, ph as f, th as t and doubled letters once, so that
-- Mateo/Matteo, Carl/Karl, Ludvig/Ludwig, Xavier/Xaver, Georg/George, Aleksandr/Alexander agree.
local function skeleton(word)
  word = tagrules.normalize(word):gsub("ks", "x"):gsub("ph", "f"):gsub("th", "t"):gsub("k", "c"):gsub("v", "w")
  return word:sub(1, 1) .. word:sub(2):gsub("[aeiouyh]", ""):gsub("(%a)%1", "%1")
end

-- Whether the given names written agree with a full name's: each written one, in order, is
-- the initial of the full name's given name there, or the same name spelled otherwise. A
-- written name may have fewer given names than the table's, or one more when the table gives
-- one ("Adolphe Charles Adam" is Adolphe Adam; "J. K. F. Fischer" is not Johann Christian
-- Fischer, nor "Scott Hayden Scott Joplin", which rule 20 tries for "Scott Joplin, Scott
-- Hayden", Scott Joplin).
-- The table may also leave out a first given name the composer did not use ("Johann Michael
-- Haydn" is the table's "Michael Haydn"), but not a word that names a composer itself (the
-- "Liszt" of "Liszt F. Chopin", which rule 20 tries for the Author "F. Chopin, Liszt").
local function given_names_agree(given, full_name)
  local table_given = parts(full_name)
  if not table_given or #table_given == 0 then return false end
  local function agree_from(skip)
    if #given - skip > #table_given and (#table_given > 1 or #given - skip > 2) then return false end
    for i = 1, math.min(#given - skip, #table_given) do
      local written, known = tagrules.normalize(given[i + skip]), tagrules.normalize(table_given[i])
      if #written == 1 or #known == 1 then
        if written:sub(1, 1) ~= known:sub(1, 1) then return false end
      elseif skeleton(written) ~= skeleton(known) then
        return false
      end
    end
    return true
  end
  return agree_from(0) or (#given > #table_given and not lookup(given[1]) and agree_from(1))
end

local function first_letter(word)
  return word:match("^[\1-\127\194-\244][\128-\191]*")
end

-- A composer the table knows under other given names' spelling or fewer of them: the
-- spellings of the written initials with the surname ("Mateo Carcassi" -> "M. Carcassi"),
-- then of the first initial ("Adolphe Charles Adam" -> "A. Adam"), or of all but the first
-- ("Johann Michael Haydn" -> "M. Haydn"), then the surname alone, each a spelling of one
-- composer only; taken when the given names agree with that composer's ("Wenzel Müller" is
-- not August Eberhard Müller, whom "Müller" names).
local function by_initials(name)
  -- Names have letters only and a few given names: a title ("Minuet in G major BWV Anh 114")
  -- is no name, and rule 15 asks about every title side of a "Title - Composer" file name.
  if name:find("%d") then return nil end
  local given, surname = parts(name)
  if not given or #given == 0 or #given > 4 or #tagrules.normalize(surname) < 2 then return nil end
  local initials = {}
  for i, word in ipairs(given) do initials[i] = first_letter(word) .. "." end
  local all, short_surname = table.concat(initials, " "), surname:match("(%S+)$")
  local candidates = { all .. " " .. surname, all .. " " .. short_surname, initials[1] .. " " .. surname,
    initials[1] .. " " .. short_surname }
  if #initials > 1 then candidates[#candidates + 1] = table.concat(initials, " ", 2) .. " " .. short_surname end
  candidates[#candidates + 1] = short_surname
  local tried = {}
  for _, text in ipairs(candidates) do
    local found = not tried[text] and lookup(text)
    tried[text] = true
    if found and given_names_agree(given, found) then return found end
  end
  return nil
end

-- The name with a surname written in capitals before the given names put last
-- ("SZERVÁC Attila" -> "Attila SZERVÁC"), or nil when it has no such word.
local function surname_last(name)
  local words, capitals, lowercase = {}, nil, false
  for word in name:gmatch("%S+") do
    words[#words + 1] = word
    if word:find("%l") then
      lowercase = true
    elseif word:find("^[%u\128-\255]+$") and word:find("%u%u") then
      if capitals then return nil end
      capitals = #words
    end
  end
  if not capitals or not lowercase or capitals == #words then return nil end
  local surname = table.remove(words, capitals)
  words[#words + 1] = surname
  return table.concat(words, " ")
end

-- Cyrillic letters in Latin, as English writes Russian names ("Копылов" -> "Kopylov",
-- "Алябьев" -> "Alyabyev", "Станчинский" -> "Stanchinsky"), for composers the table knows
-- only in Latin letters.
local latin_of = {}
for cyrillic, latin in ("а a б b в v г g д d е e ё yo ж zh з z и i й y к k л l м m н n о o п p р r с s "
    .. "т t у u ф f х kh ц ts ч ch ш sh щ shch ъ _ ы y ь _ э e ю yu я ya і i ї yi є ye ґ g"):gmatch("(%S+) (%S+)") do
  latin = latin == "_" and "" or latin
  latin_of[cyrillic] = latin
end
for lower, upper in ("аА бБ вВ гГ дД еЕ ёЁ жЖ зЗ иИ йЙ кК лЛ мМ нН оО пП рР сС тТ уУ фФ хХ цЦ чЧ шШ щЩ ъЪ ыЫ ьЬ эЭ юЮ яЯ іІ їЇ єЄ ґҐ")
    :gmatch("([\208\209\210][\128-\191])([\208\209\210][\128-\191])") do
  latin_of[upper] = latin_of[lower]:gsub("^%l", string.upper)
end

local function transliterate(text)
  text = text:gsub("ь([еЕ])", "й%1")
  for _, ending in ipairs({ "ий", "ый", "ИЙ", "ЫЙ" }) do text = text:gsub(ending .. "%f[%s%p\0]", "y") end
  return (text:gsub("[\208\209\210][\128-\191]", latin_of))
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
  if surname then
    name = given .. " " .. surname
    found = lookup(name)
  end
  found = found or by_initials(name)
  if not found and name:find("[\208\209]") then
    local latin = transliterate(name)
    found = lookup(latin) or by_initials(latin)
  end
  local reordered = not found and surname_last(name)
  if reordered then found = lookup(reordered) or by_initials(reordered) end
  return found
end

-- The full name that `text` stands for, or nil when it is no known composer:
-- "J.S. Bach", "Bach", "JS Bach (1685-1750)", "attr. J. Kuhnau", "JOHN PHILIP SOUSA.",
-- "Mateo Carcassi" -> full names; "Surname, Given" ("Bach, J. S.") is read as "Given Surname".
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
