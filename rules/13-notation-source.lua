-- 13-notation-source.lua
--
-- Fills a score's title, composers and key from the notation file it was engraved from, found
-- beside the PDF under the same name (`Nocturne.pdf` + `Nocturne.mscz`, `.mxl`, `.musicxml`,
-- `.ly`: `score.source`), and gives a score without tags the source's parts as tags:
--   Nocturne.mscz: title "Nocturne", composer "Frédéric Chopin", key E♭ major, part Piano
--   -> title "Nocturne", composers Frédéric Chopin, keysf -3 keymi 0, tags Piano
--
-- A value already in the PDF is the user's and is kept: only a missing title (or one that is
-- just the file name), no composers, no key and no tags are filled. Rule 12 has cleared the
-- junk that scanners and office programs write by then, so such a title or author counts as
-- missing. Set `override` below to true to let the source's values replace the PDF's.
--
-- Runs before 14-first-page.lua and 15-title-from-filename.lua (the source is the better
-- witness), and before 20-composer-names.lua and 30-genre-from-composer.lua, which spell the
-- composer out and give its era.

-- Settings -------------------------------------------------------------------------------
-- true: the source's title, composers and key replace those the PDF has.
local override = false
-- ----------------------------------------------------------------------------------------

local function blank(text)
  return text == nil or text:match("^%s*$") ~= nil
end

-- Whether the score's title is missing or just its file name (producers copy it there).
local function title_missing(score)
  local title = score.title
  return blank(title) or title == score.file.name or title == score.file.stem
end

-- A part's tag: its instrument, else its name, with a trailing number dropped ("Violin 1").
local function part_tag(part)
  local name = part.instrument or part.name
  if blank(name) then return nil end
  name = name:gsub("^%s+", ""):gsub("%s+$", "")
  local stem = name:match("^(.-)%s+[%dIV]+%.?$")
  return stem or name
end

return {
  name = "metadata from notation source",
  description = "Fills a missing title, composers and key from the MusicXML, MuseScore or LilyPond file beside the PDF, and gives a score without tags its parts as tags.",
  apply = function(score)
    local wants_title = override or title_missing(score)
    local wants_composers = override or #score.composers == 0
    local wants_key = override or score.keysf == nil
    local wants_tags = #score.tags == 0
    -- A score that lacks nothing does not look for a source beside it.
    if not (wants_title or wants_composers or wants_key or wants_tags) then return end
    local source = score.source
    if source == nil then return end
    local title = not blank(source.title) and source.title or source.movement
    if wants_title and not blank(title) then score.title = title end
    local names = {}
    for i, composer in ipairs(source.composers or {}) do names[i] = composer end
    if wants_composers and #names > 0 then score.composers = names end
    if wants_key and source.keysf ~= nil and source.keymi ~= nil then
      score.keysf, score.keymi = source.keysf, source.keymi
    end
    if wants_tags then
      for _, part in ipairs(source.parts or {}) do
        local tag = part_tag(part)
        if tag then score.tags:add(tag) end
      end
    end
  end,
  examples = {
    { given = { file = { name = "Nocturne.pdf" },
                source = { format = "mscz", name = "Nocturne.mscz", title = "Nocturne", composers = { "Frédéric Chopin" },
                           keysf = -3, keymi = 0, parts = { { name = "Piano", instrument = "Piano" } } } },
      expect = { title = "Nocturne", composers = { "Frédéric Chopin" }, key = "E♭ major", tags = { "Piano" } } },
    -- What the PDF holds is the user's: only the missing key is filled.
    { given = { title = "Nocturne Op. 9 No. 2", composers = { "Chopin" }, file = { name = "x.pdf" },
                source = { format = "musicxml", name = "x.musicxml", title = "Nocturne", composers = { "F. Chopin" },
                           keysf = -3, keymi = 0 } },
      expect = { title = "Nocturne Op. 9 No. 2", composers = { "Chopin" }, key = "E♭ major" } },
    -- A title that is only the file name is not the user's.
    { given = { title = "bwv-846", file = { name = "bwv-846.pdf" },
                source = { format = "ly", name = "bwv-846.ly", title = "Prelude in C", composers = { "J. S. Bach" },
                           keysf = 0, keymi = 0 } },
      expect = { title = "Prelude in C", composers = { "J. S. Bach" }, key = "C major" } },
    -- No work title: the movement's; a minor key; voices as tags, numbers dropped.
    { given = { file = { name = "chorale.pdf" },
                source = { format = "mxl", name = "chorale.mxl", movement = "Wer nur den lieben Gott", composers = { "J.S. Bach" },
                           keysf = 1, keymi = 1,
                           parts = { { name = "Soprano" }, { name = "Alto" }, { name = "Tenor 1" }, { name = "Bass" } } } },
      expect = { title = "Wer nur den lieben Gott", key = "E minor", tags = { "Soprano", "Alto", "Tenor", "Bass" } } },
    -- A mode other than major or minor gives no key.
    { given = { file = { name = "hymn.pdf" },
                source = { format = "musicxml", name = "hymn.musicxml", title = "Veni Creator", keysf = 0 } },
      expect = { title = "Veni Creator", key = false } },
    -- A score with tags keeps them; one that lacks nothing is left alone.
    { given = { tags = { "choir" }, file = { name = "Ave.pdf" },
                source = { format = "mscx", name = "Ave.mscx", title = "Ave verum corpus", parts = { { name = "Soprano" } } } },
      expect = { title = "Ave verum corpus", tags = { "choir" } } },
    { given = { title = "Ave", composers = { "Mozart" }, key = "D major", tags = { "choir" }, file = { name = "K618.pdf" },
                source = { format = "mscx", name = "Ave.mscx", title = "Ave verum corpus", composers = { "W. A. Mozart" },
                           keysf = 0, keymi = 0 } },
      expect = { title = "Ave", composers = { "Mozart" }, key = "D major", tags = { "choir" } } },
    -- No source beside the PDF: nothing changes.
    { given = { file = { name = "Sonata.pdf" } }, expect = { title = false, composers = false, tags = false } },
  },
}
