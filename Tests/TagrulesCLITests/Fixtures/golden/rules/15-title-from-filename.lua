-- 15-title-from-filename.lua
--
-- Gives a score a readable title from its filename when it has none, or when its title is just
-- the filename (many PDF producers copy it there). Runs before the composer rules (20, 30), so
-- a composer it finds is then spelled out and given an era in the same run.
--
-- IMSLP downloads are named "IMSLP<number>-[PMLP<number>-]<Composer>_-_<Title>":
--   IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major.pdf
--   -> title "Prelude Op.28 No.7 in A major", composer "Chopin" (when no composer is set).
-- Other filenames lose underscores and repeated spaces; a leading known composer, before " - "
-- or as the first word, becomes the composer and leaves the title:
--   "Satie - Gymnopédie No. 1 in D major.pdf" -> "Gymnopédie No. 1 in D major", composer "Satie"
--   "Beethoven_Ode_to_Joy_D.pdf"              -> "Ode to Joy D", composer "Beethoven"
--   "Greensleeves (Traditional) - E minor.pdf" -> "Greensleeves (Traditional) - E minor"
-- ("known" means listed in data/composers.csv or data/eras.csv, so a title such as
-- "Truncated download - Handel Sarabande" is not mistaken for composer and title).

local composers = require("lib.composers")

local function clean(text)
  text = text:gsub("[_%s]+", " ")
  -- Whitespace is now single spaces: at most one leads and one trails.
  if text:sub(1, 1) == " " then text = text:sub(2) end
  if text:sub(-1) == " " then text = text:sub(1, -2) end
  return text
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
    return clean(stem), nil
  end
  local text = clean(stem)
  local parts = tagrules.match(text, "%composer% - %title%")
  if parts and composers.full_name(parts.composer) then return parts.title, parts.composer end
  local first, rest = text:match("^(%S+) (.+)$")
  if first and composers.full_name(first) then return rest, first end
  return text, nil
end

return {
  name = "title from filename",
  description = "Sets a missing title, or one that is just the filename, from the cleaned filename (IMSLP-aware).",
  apply = function(score)
    local title, file = score.title, score.file
    local missing = title == nil or title:match("^%s*$") ~= nil
    if not missing and title ~= file.name and title ~= file.stem then return end
    if file.stem == nil or file.stem:match("^%s*$") then return end
    local new_title, composer = from_stem(file.stem)
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
    { given = { file = { name = "Satie - Gymnopédie No. 1 in D major.pdf" } },
      expect = { title = "Gymnopédie No. 1 in D major", composers = { "Satie" } } },
    { given = { file = { name = "Beethoven_Ode_to_Joy_D.pdf" } },
      expect = { title = "Ode to Joy D", composers = { "Beethoven" } } },
    { given = { file = { name = "Greensleeves (Traditional) - E minor.pdf" } },
      expect = { title = "Greensleeves (Traditional) - E minor", composers = false } },
    { given = { title = "Nocturne in E-flat major",
                file = { name = "IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major.pdf" } },
      expect = { title = "Nocturne in E-flat major", composers = false } },
    { given = { title = "   ", file = { name = "notes.pdf" } },
      expect = { title = "notes" } },
  },
}
