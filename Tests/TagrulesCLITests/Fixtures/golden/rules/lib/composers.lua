-- lib/composers.lua: composer names, shared by 15-title-from-filename.lua,
-- 20-composer-names.lua and 30-genre-from-composer.lua (require "lib.composers").
-- Not a rule: only the top-level *.lua files of the rules folder are rule files.
--
-- data/composers.csv maps short forms and other spellings to full names;
-- data/eras.csv lists the full names with their era. Both are looked up by
-- tagrules.normalize, so case, accents and punctuation do not matter.

local aliases = tagrules.data("data/composers.csv")
local eras = tagrules.data("data/eras.csv")

local composers = {}

local function lookup(text)
  local key = tagrules.normalize(text)
  local row = aliases[key] or eras[key]
  return row and row.name
end

-- The full name that `text` stands for, or nil when it is no known composer:
-- "J.S. Bach", "Bach", "JS Bach" -> "Johann Sebastian Bach"; "FREDERIC CHOPIN" -> "Frédéric Chopin";
-- an entry written "Surname, Given" ("Bach, J. S.") is read as "Given Surname".
function composers.full_name(text)
  local name = lookup(text)
  if name then return name end
  if not text:find(",", 1, true) then return nil end  -- the form below has one comma
  local surname, given = text:match("^%s*([^,]+),%s*([^,]+)$")
  if surname then return lookup(given .. " " .. surname) end
  return nil
end

-- The era of a composer ("Romantic"), by full name or any known spelling; nil when unknown.
function composers.era(text)
  local name = composers.full_name(text)
  local row = name and eras[tagrules.normalize(name)]
  return row and row.era
end

return composers
