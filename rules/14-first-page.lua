-- 14-first-page.lua
--
-- Reads the title and the composer that a typeset score prints at the top of its first page
-- (`score.text`: the page's lines, top to bottom, with their font size and position):
--   "Nocturne" (20 pt, top), "Frédéric Chopin (1810–1849)" (11 pt, right, below)
--   -> title "Nocturne", composers "Frédéric Chopin (1810–1849)" (rule 20 spells it out)
-- The title is the line in the largest type near the top (a title set over two lines in the
-- same type is joined), passing over running heads ("Mutopia", "Sheet music from ..."),
-- copyright and licence lines, dedications ("To ...", "À ...", "Für ..."), tempo words and page
-- numbers, dynamics. The composer is a line near the title that names a known composer
-- (data/composers.tsv, through lib/composers.lua), else a name with life dates ("(1810–1849)",
-- "1685-1750"), else a name set right just below the title, where MuseScore and LilyPond put the
-- composer ("Anonymous", a composer the table lacks); a lyricist's or arranger's line
-- ("Words by ...", "arr. ...") is not.
--
-- The page is read only for a score without a usable title (none, or just the file name; rule 12
-- has cleared scanners' and office programs' junk by then): the sign that its metadata is empty.
-- Then the title is set, and the composer where there is none. A score with a title is left to
-- the file-name and composer rules, so that a library with titles is not read page by page.
-- It runs after
-- 13-notation-source.lua (a notation source beside the PDF is the better witness) and before
-- 15-title-from-filename.lua, so a file name such as "scan0001.pdf" or a download id is used
-- only when the first page prints no title (a scan has no text).

local composers = require("lib.composers")

-- Lines whose baseline lies this far below the page's top (in points) are "near the top": the
-- upper third of an A4 or Letter page, where headers of typeset scores are.
local top_limit = 280
-- The composer is looked for from this far above the title's baseline to this far below it.
local composer_above, composer_below = 40, 160
-- The title's type is at least this much larger than the page's most common type.
local title_factor = 1.15

local function words_of(text)
  return tagrules.normalize(text)
end

-- A list of phrases (words_of's form: lowercase words, one space between) as `starts_with_any`
-- looks them up: a set, and the most words a phrase has.
local function phrases(list)
  local set, most = {}, 1
  for _, phrase in ipairs(list) do
    set[phrase] = true
    most = math.max(most, select(2, phrase:gsub(" ", "")) + 1)
  end
  return { set = set, most = most }
end

-- First words of lines that are not titles: running heads, copyright and licence lines,
-- dedications ("To my friend ...", "À Madame ...", "Für meine ..." but not "Für Elise"),
-- editors' notes. Compared with tagrules.normalize's form: lowercase, no accents.
local not_title_starts = phrases {
  "mutopia", "sheet music", "copyright", "public domain", "creative commons", "licensed", "typeset",
  "engraved", "music engraving", "edited by", "editor", "free to", "www", "http",
  "dedicated", "dedie", "dediee", "gewidmet", "in memory of", "to my", "to the memory", "to his", "to her",
  "to mr", "to mrs", "to miss", "to dr", "to madame", "a mon", "a ma", "a mes", "a madame", "a mademoiselle",
  "a monsieur", "a mme", "a mlle", "fur meine", "fur meinen", "fur meinem", "fur frau", "fur herrn",
}

-- Words that make a line a dedication wherever they stand ("Meinem Freunde X gewidmet").
local dedication_words = { gewidmet = true, zugeeignet = true, dedicated = true, dedie = true, dediee = true }

-- Tempo and character words that head the music itself ("Allegro", "Andante con moto").
local tempo_words = {
  allegro = true, allegretto = true, andante = true, andantino = true, adagio = true, adagietto = true,
  moderato = true, presto = true, prestissimo = true, largo = true, larghetto = true, lento = true,
  vivace = true, vivo = true, grave = true, maestoso = true, tempo = true, rubato = true, cantabile = true,
  lebhaft = true, langsam = true, massig = true, maessig = true, ruhig = true, schnell = true,
  moderately = true, slowly = true, lively = true, briskly = true,
}

-- First words of a lyricist's, arranger's or editor's line, which name someone else.
local other_credit_starts = phrases {
  "words", "text", "lyrics", "poem", "poetry", "paroles", "worte", "dichtung", "libretto", "arr", "arranged",
  "arrangement", "transcribed", "transcription", "edited", "edition", "bearbeitet", "bearb", "harmonized",
  "harmonised", "translated", "english", "german", "french", "tune", "melody",
}

-- Whether `key` (words_of's form) is one of `starts`' phrases or starts with one and a space:
-- its first word, its first two words ... are looked up.
local function starts_with_any(key, starts)
  local stop = 0
  for _ = 1, starts.most do
    stop = key:find(" ", stop + 1, true)
    if stop == nil then return starts.set[key] ~= nil end
    if starts.set[key:sub(1, stop - 1)] then return true end
  end
  return false
end

-- Dynamics and other markings printed in the music's own (often large) type: "mf", "sfz",
-- "cresc.", "rit.".
local markings = {
  cresc = true, crescendo = true, decresc = true, dim = true, dimin = true, diminuendo = true, rit = true,
  ritard = true, ritardando = true, rall = true, rallentando = true, tr = true, ped = true, simile = true,
  fine = true, coda = true, segno = true, ten = true, stacc = true, legato = true, sempre = true, poco = true,
}

-- Whether a word (of words_of's form) has three letters or more and is not a marking: a
-- letter other than p, m, f, r, s and z, the letters of dynamics, answers at once.
local function is_word(word)
  if #word < 3 or markings[word] then return false end
  if word:find("[a-eg-lnoqt-yA-Z]") then return true end
  return word:find("%a") ~= nil and word:find("[^pmfrsz]") ~= nil
end

-- Whether a line has a word of three letters or more that is not a marking.
local function has_word(key)
  if not key:find("%S%S%S") then return false end  -- only short words (syllables, numbers)
  for word in key:gmatch("%S+") do
    if is_word(word) then return true end
  end
  return false
end

-- A line's words_of form and whether it has a word (has_word), worked out once per line: the
-- title and composer searches ask about the same lines again.
local function read_line(line)
  local key = line.key
  if key == nil then
    key = words_of(line.text)
    line.key, line.worded = key, has_word(key)
  end
  return key, line.worded
end

-- Whether `line` can be the title: a word, and none of the kinds of line above.
local function may_be_title(line)
  local text = line.text
  if text:find("©", 1, true) then return false end
  local key, worded = read_line(line)
  if not worded or starts_with_any(key, not_title_starts) then return false end
  local first, count = nil, 0
  for word in key:gmatch("%S+") do
    if dedication_words[word] then return false end
    first, count = first or word, count + 1
  end
  return not (tempo_words[first] and (count <= 4 or text:find("=", 1, true)))
end

-- The page's most common type size among lines with words (not dynamics, which LilyPond sets
-- larger than the text).
local function common_size(lines)
  local counts, best, best_count = {}, nil, 0
  for _, line in ipairs(lines) do
    local _, worded = read_line(line)
    if worded then
      local size = math.floor(line.size * 2 + 0.5) / 2
      counts[size] = (counts[size] or 0) + 1
      if counts[size] > best_count or (counts[size] == best_count and size < best) then
        best, best_count = size, counts[size]
      end
    end
  end
  return best
end

local function same_size(a, b)
  return math.abs(a - b) <= 0.05 * math.max(a, b)
end

-- A line's estimated horizontal centre: its start plus half its width, taking a character as
-- half the type size wide (about the average of the text faces scores are set in).
local function centre(line)
  return line.x + (utf8.len(line.text) or #line.text) * line.size / 4
end

-- The title: the index of the largest line near the top that may be a title, and its text
-- with the lines of the same type that continue it. Nil when no line stands out.
local function find_title(lines)
  local top = lines[1] and lines[1].y or 0
  local best
  for i, line in ipairs(lines) do
    if line.y - top > top_limit then break end
    if (best == nil or line.size > lines[best].size + 0.05 * lines[best].size) and may_be_title(line) then
      best = i
    end
  end
  if best == nil then return nil end
  local common = common_size(lines)
  if common and lines[best].size < common * title_factor then return nil end
  -- The title goes on in its own type on its baseline (a wide space splits a line in two) and
  -- on the lines just below it, centred as it is.
  local title, last = lines[best], lines[best]
  local text = title.text
  for i = best + 1, #lines do
    local line = lines[i]
    if line.y > last.y + 1.6 * title.size then break end
    local same_row = line.y - last.y <= 0.2 * title.size
    local centred = math.abs(centre(line) - centre(title)) <= 4 * title.size
    if same_size(line.size, title.size) and (same_row or centred) and may_be_title(line) then
      text, last = text .. " " .. line.text, line
    end
  end
  return best, (text:gsub("%s+", " ")), last
end

-- Words that may stand before a composer's name on the page, each with the rest of the line.
local credit_prefixes = {
  "^[Mm]usic by%s+(.+)$", "^[Cc]omposed by%s+(.+)$", "^[Mm]usik:?%s+(.+)$", "^[Mm]usic:%s+(.+)$",
  "^[Cc]omposer:%s+(.+)$", "^[Bb]y%s+(.+)$",
}

local function without_prefix(text)
  if not text:find("^[MmCcBb]") then return text end  -- the letters the prefixes start with
  for _, prefix in ipairs(credit_prefixes) do
    local rest = text:match(prefix)
    if rest then return rest end
  end
  return text
end

-- Whether `text` is a name with life dates: "Frédéric Chopin (1810–1849)", "J. Pachelbel 1653-1706".
-- (composers.clean reads dates only from text with three digits in a row.)
local function has_life_dates(text)
  if not text:find("%d%d%d") then return false end
  local name, born, died = composers.clean(text)
  return (born ~= nil or died ~= nil) and name:find("%a%a") ~= nil and not name:find("%d")
end

-- Whether `text` reads as a name: one to four words, capitalised, no digits ("Chipre",
-- "Anonymous", "Carl Maria von Weber"), and not a tempo word.
local function name_like(text, key)
  local count = select(2, key:gsub("%S+", ""))
  return count >= 1 and count <= 4 and not text:find("%d") and text:find("^%u") ~= nil
    and not tempo_words[key:match("^%S+")]
end

-- The composer's line near the title (`title` to `last`, the title's lines): a known composer
-- first, else a name with life dates, else a name set right of the title just below it, where
-- typeset scores put the composer.
local function find_composer(lines, title, last)
  local dated, placed
  local from, to = title.y - composer_above, last.y + composer_below
  local right_of = centre(title) + 2 * title.size
  for _, line in ipairs(lines) do
    local outside_title = line.y < title.y or line.y > last.y
    if line.y >= from and line.y <= to and outside_title then
      local text = without_prefix(line.text:gsub("^%s+", ""):gsub("%s+$", ""))
      -- A year after a comma is the work's date: "Gustav Holst (1874-1934), 1906".
      text = text:gsub(",%s*%d%d%d%d$", "")
      local key = words_of(text)
      if has_word(key) and not starts_with_any(key, other_credit_starts) then
        if composers.full_name(text) then return text end
        if dated == nil and has_life_dates(text) then dated = text end
        if placed == nil and line.y > last.y and line.y <= last.y + 3 * title.size and line.x > right_of - title.size
          and centre(line) > right_of and name_like(text, key) then
          placed = text
        end
      end
    elseif line.y > to then
      break
    end
  end
  return dated or placed
end

local function blank(text)
  return text == nil or text:match("^%s*$") ~= nil
end

-- Whether line `a` comes before line `b`: higher on the page, or on the same baseline and
-- further left.
local function above(a, b)
  return a.y < b.y or (a.y == b.y and a.x < b.x)
end

-- "Laub, Ferdinand" as "Ferdinand Laub": forScore reads a comma in Author as two composers.
local function given_first(name)
  local surname, given = name:match("^([^,%d]+),%s*([^,%d]+)$")
  return surname and (given .. " " .. surname) or name
end

-- The composer the file name names, if it names a known one ("Mozart - Twinkle
-- Variations.pdf", "Dvorak_Symphony9_Violin1.pdf"): the user's own naming. The page is then
-- believed only when it names the same composer; when it names another, it is another piece
-- (a file saved under the wrong name or with the wrong first page), and rule 15 reads the name.
local function composer_of_file_name(stem)
  for word in stem:gmatch("%u[%a\128-\255]+") do
    local name = #word >= 4 and composers.full_name(word)
    if name then return name end
  end
  return nil
end

return {
  name = "title and composer from the first page",
  description = "Sets a missing title and composer from the first page: the largest line near the top, and a known composer, a name with life dates or a name set right just below it.",
  apply = function(score)
    local file = score.file
    local title_missing = blank(score.title) or score.title == file.name or score.title == file.stem
    local composer_missing = #score.composers == 0
    if not title_missing then return end
    local lines = {}
    for i, line in ipairs(score.text or {}) do
      lines[i] = { text = line.text, size = line.size, x = line.x, y = line.y }
    end
    if lines[1] == nil then return end
    -- Top to bottom, and left to right on a baseline: score.text gives them so, but for lines
    -- that share a baseline; sorted only when out of that order (a sort of lines in order,
    -- none in the same place, would leave them as they are).
    for i = 2, #lines do
      if not above(lines[i - 1], lines[i]) then
        table.sort(lines, above)
        break
      end
    end
    local first, title, last = find_title(lines)
    if first == nil then return end
    local composer = find_composer(lines, lines[first], last)
    local named = composer_of_file_name(file.stem)
    if named and (composer == nil or composers.full_name(composer) ~= named) then return end
    if title_missing then score.title = title end
    if composer_missing and composer then score.composers:add(given_first(composer)) end
  end,
  examples = {
    -- A file name that names another composer than the page: the page is another piece, not read.
    { given = { file = { name = "Mozart - Twinkle Variations K265.pdf" }, text = {
        { text = "Ode to Joy", size = 20, x = 220, y = 70 },
        { text = "Ludwig van Beethoven", size = 11, x = 420, y = 110 } } },
      expect = { title = nil, composers = {} } },
    -- The same composer on the page and in the file name: the page is believed.
    { given = { file = { name = "Bach - Minuet.pdf" }, text = {
        { text = "Minuet in G", size = 20, x = 220, y = 70 },
        { text = "J. S. Bach", size = 11, x = 420, y = 110 } } },
      expect = { composers = { "J. S. Bach" } } },
    -- A LilyPond engraving: dedication above, title, subtitle, poet left and composer right.
    { given = { file = { name = "score-3f2a9c.pdf" }, text = {
        { text = "à Mademoiselle Jeanne de Bret", size = 8, x = 230, y = 40 },
        { text = "Gymnopédie No. 1", size = 20, x = 200, y = 70 },
        { text = "Lent et douloureux", size = 11, x = 60, y = 120 },
        { text = "Erik Satie (1866–1925)", size = 11, x = 420, y = 120 },
        { text = "p", size = 11, x = 80, y = 200 },
        { text = "Sheet music from www.MutopiaProject.org", size = 8, x = 150, y = 800 } } },
      expect = { title = "Gymnopédie No. 1", composers = { "Erik Satie (1866–1925)" } } },
    -- A MuseScore export: a known composer without dates; instrument names and the tempo smaller.
    { given = { file = { name = "scan0001.pdf" }, text = {
        { text = "Prelude", size = 22, x = 250, y = 80 },
        { text = "Op. 28 No. 4", size = 16, x = 250, y = 110 },
        { text = "F. Chopin", size = 12, x = 480, y = 140 },
        { text = "Largo", size = 12, x = 60, y = 170 },
        { text = "Piano", size = 12, x = 20, y = 200 },
        { text = "Piano", size = 12, x = 20, y = 400 } } },
      expect = { title = "Prelude", composers = { "F. Chopin" } } },
    -- A title set over two lines of the same type is joined; a lyricist's line is passed over.
    { given = { file = { name = "1234567.pdf" }, text = {
        { text = "Jesu, Joy of", size = 20, x = 220, y = 60 },
        { text = "Man's Desiring", size = 20, x = 210, y = 84 },
        { text = "Words by Martin Jahn", size = 11, x = 60, y = 120 },
        { text = "J. S. Bach", size = 11, x = 470, y = 120 },
        { text = "S", size = 9, x = 30, y = 180 }, { text = "A", size = 9, x = 30, y = 240 } } },
      expect = { title = "Jesu, Joy of Man's Desiring", composers = { "J. S. Bach" } } },
    -- A wide space splits the title's line in two (MuseScore, Dichterliebe): the parts are joined.
    { given = { file = { name = "opus48no2.pdf" }, text = {
        { text = "II. Aus", size = 19.2, x = 129, y = 43 },
        { text = "meinen Tränen sprießen", size = 19.2, x = 204, y = 43 },
        { text = "Dichterliebe, Op. 48", size = 11.2, x = 241, y = 37 },
        { text = "Robert Schumann", size = 11.2, x = 467, y = 64 },
        { text = "Nicht schnell", size = 7.8, x = 72, y = 74 } } },
      expect = { title = "II. Aus meinen Tränen sprießen", composers = { "Robert Schumann" } } },
    -- A tempo word or a dynamic in large type is not the title; a name set right, just below the
    -- title, is the composer, known or not.
    { given = { file = { name = "dl_88213.pdf" }, text = {
        { text = "Allegro moderato", size = 24, x = 60, y = 50 },
        { text = "Rondo", size = 18, x = 260, y = 90 },
        { text = "Anna Example", size = 11, x = 470, y = 120 },
        { text = "mf", size = 26, x = 80, y = 200 }, { text = "3", size = 11, x = 80, y = 260 } } },
      expect = { title = "Rondo", composers = { "Anna Example" } } },
    -- An unknown name centred below the title (a subtitle, an instrument) is no composer.
    { given = { file = { name = "dl_88214.pdf" }, text = {
        { text = "When the Swallows Homeward Fly", size = 14, x = 173, y = 28 },
        { text = "Voice and Piano", size = 10, x = 257, y = 56 },
        { text = "Andantino", size = 10, x = 111, y = 75 },
        { text = "mf", size = 16, x = 108, y = 84 } } },
      expect = { title = "When the Swallows Homeward Fly", composers = false } },
    -- A composer printed "Surname, Given" is written "Given Surname" (forScore splits at commas).
    { given = { file = { name = "score-7d98395d3c.pdf" }, text = {
        { text = "Dance of the Goblins", size = 17, x = 200, y = 32 },
        { text = "Laub, Ferdinand", size = 11, x = 480, y = 49 },
        { text = "Allegro", size = 11, x = 60, y = 70 } } },
      expect = { title = "Dance of the Goblins", composers = { "Ferdinand Laub" } } },
    -- A score with a title is not read page by page: its composer is left to the other rules.
    { given = { title = "Nocturne in E-flat", file = { name = "x.pdf" }, text = {
        { text = "Nocturne", size = 20, x = 250, y = 70 },
        { text = "Frédéric Chopin", size = 11, x = 470, y = 110 },
        { text = "Andante", size = 11, x = 60, y = 150 } } },
      expect = { title = "Nocturne in E-flat", composers = {} } },
    -- A title that is just the file name is replaced.
    { given = { title = "scan0001", file = { name = "scan0001.pdf" }, text = {
        { text = "Canon in D", size = 20, x = 250, y = 70 },
        { text = "Johann Pachelbel", size = 11, x = 470, y = 110 },
        { text = "1", size = 9, x = 60, y = 150 } } },
      expect = { title = "Canon in D", composers = { "Johann Pachelbel" } } },
    -- A scan (no text on the page) leaves everything to the file name rule.
    { given = { file = { name = "scan0001.pdf" }, text = {} }, expect = { title = false, composers = false } },
    -- No line stands out from the page's common type: no title.
    { given = { file = { name = "letter.pdf" }, text = {
        { text = "Dear Sir,", size = 11, x = 60, y = 70 },
        { text = "thank you for the parts.", size = 11, x = 60, y = 85 },
        { text = "Yours, Anna", size = 11, x = 60, y = 100 } } },
      expect = { title = false } },
  },
}
