-- 17-parts-and-voices.lua
--
-- An orchestral or choral part named at the end of a title becomes a tag and a title suffix
-- after an en dash, as orchestra librarians write it; a choir's voicing becomes a tag:
--   "Symphony No. 9 Violin 1"           -> "Symphony No. 9 – Violin I", tags Violin, part
--   "Serenade - Horn 3 in F"            -> "Serenade – Horn 3 in F", tags Horn, part
--   "Sinfonia Clarinetto in B"          -> "Sinfonia – Clarinetto in B", tags Clarinet, part
--   "Ave Maria - SATB"                  -> "Ave Maria", tag SATB
--   "Messiah: Soprano"                  -> "Messiah – Soprano", tags Soprano, part
-- The key rule (40) reads no key from a part: a transposing instrument's "in F" is not the
-- piece's key. Runs after 15-title-from-filename.lua, which makes titles from filenames.

-- Words that name a part, by their lowercase form, with the instrument (or voice) tag.
local instruments = {
  violin = "Violin", violins = "Violin", violino = "Violin", violini = "Violin", violine = "Violin", violon = "Violin",
  viola = "Viola", violas = "Viola", bratsche = "Viola",
  cello = "Cello", cellos = "Cello", violoncello = "Cello", violoncelli = "Cello",
  contrabass = "Double Bass", contrabasso = "Double Bass", kontrabass = "Double Bass",
  flute = "Flute", flutes = "Flute", flauto = "Flute", ["flöte"] = "Flute", piccolo = "Piccolo",
  oboe = "Oboe", oboes = "Oboe", hautbois = "Oboe",
  clarinet = "Clarinet", clarinets = "Clarinet", clarinetto = "Clarinet", clarinetti = "Clarinet",
  klarinette = "Clarinet", clarinette = "Clarinet",
  bassoon = "Bassoon", bassoons = "Bassoon", fagotto = "Bassoon", fagott = "Bassoon", basson = "Bassoon",
  horn = "Horn", horns = "Horn", corno = "Horn", corni = "Horn",
  trumpet = "Trumpet", trumpets = "Trumpet", tromba = "Trumpet", trombe = "Trumpet", trompete = "Trumpet",
  trombone = "Trombone", trombones = "Trombone", posaune = "Trombone", tuba = "Tuba",
  timpani = "Timpani", pauken = "Timpani", percussion = "Percussion", harp = "Harp", harfe = "Harp",
  soprano = "Soprano", sopran = "Soprano", alto = "Alto", tenor = "Tenor", baritone = "Baritone",
  bass = "Bass", basso = "Bass",
}

-- Choir voicings, as written in titles and filenames.
local voicings = { SATB = true, SSA = true, SSAA = true, TTBB = true, SAB = true, SA = true, TB = true, SSATB = true, SATBB = true }

local romans = { "I", "II", "III", "IV" }

-- Violin and its kin are numbered with Roman numerals ("Violin I"), winds and brass with
-- Arabic ("Horn 3").
local roman_numbered = { Violin = true, Viola = true, Cello = true }

-- The title without a part at its end, the part as the suffix reads, and its tag; or nil.
local function part_of(title)
  for start, word, stop in title:lower():gmatch("()(%a+)()") do
    local instrument = instruments[word]
    local main = instrument and title:sub(1, start - 1):gsub("[%s%-:,\226\128\147]+$", "")
    if instrument and main ~= "" then
      local number, transposition = title:sub(stop):match("^%s*([%dIV]*)%s*(.-)%s*$")
      local valid = transposition == "" or transposition:match("^in %a[%a%-]*$")
      if valid and (number == "" or number:match("^%d$") or number:match("^[IV]+$")) then
        if roman_numbered[instrument] and number:match("^%d$") then number = romans[tonumber(number)] or number end
        word = title:sub(start, stop - 1)  -- as written
        local label = word .. (number ~= "" and " " .. number or "") .. (transposition ~= "" and " " .. transposition or "")
        return main, label, instrument
      end
    end
  end
  return nil
end

return {
  name = "parts and voices",
  description = "Moves an orchestral or choral part at the end of the title behind an en dash and tags it (Violin, part); tags a choir's voicing (SATB).",
  apply = function(score)
    local title = score.title
    if not title then return end
    local main, voicing
    if title:find("%u%u%)?%s*$") then main, voicing = title:match("^(.-)[%s%-:,(]+(%u%u?%u?%u?%u?)%)?%s*$") end
    if main and main ~= "" and voicings[voicing] then
      score.tags:add(voicing)
      score.title = main
      return
    end
    local before, label, instrument = part_of(title)
    if not before then return end
    score.tags:add(instrument)
    score.tags:add("part")
    local suffixed = before .. " – " .. label
    if suffixed ~= title then score.title = suffixed end
  end,
  examples = {
    { given = { title = "Symphony No. 9 Violin 1" },
      expect = { title = "Symphony No. 9 – Violin I", tags = { "Violin", "part" } } },
    { given = { title = "Symphony No. 9 – Violin I", tags = { "Violin", "part" } },
      expect = { title = "Symphony No. 9 – Violin I", tags = { "Violin", "part" } } },
    { given = { title = "Serenade - Horn 3 in F" },
      expect = { title = "Serenade – Horn 3 in F", tags = { "Horn", "part" }, key = false } },
    { given = { title = "Sinfonia Clarinetto in B" },
      expect = { title = "Sinfonia – Clarinetto in B", tags = { "Clarinet", "part" } } },
    { given = { title = "Ave Maria - SATB" }, expect = { title = "Ave Maria", tags = { "SATB" } } },
    { given = { title = "Messiah: Soprano" }, expect = { title = "Messiah – Soprano", tags = { "Soprano", "part" } } },
    { given = { title = "Suite No. 1 in E-flat - Clarinet in B-flat" },
      expect = { title = "Suite No. 1 in E-flat – Clarinet in B-flat", tags = { "Clarinet", "part" } } },
    { given = { title = "The Viola Joke Book" }, expect = { title = "The Viola Joke Book", tags = false } },
    { given = { title = "Ave Maria" }, expect = { title = "Ave Maria", tags = false } },
  },
}
