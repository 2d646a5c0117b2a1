-- 12-junk-metadata.lua
--
-- Clears an Author or Title that a scanner, an office program or a PDF producer wrote in place
-- of the real one ("HP Scan", "Administrator", "Microsoft Word - score.docx", "CamScanner",
-- "untitled", "Document1", "Score_v3.indd"), listed with their source in
-- data/junk-metadata.tsv. It runs before rules 13 to 15, which then fill the title and the
-- composer from the notation source, the first page or the filename as for a score without them. A scanning person's
-- own name can be added to the data file the same way.

local junk = tagrules.data("data/junk-metadata.tsv")

-- The patterns with a `*`, by the word they must start or end with: "microsoft word *" is
-- found under "microsoft" (its words must start the text), "* indd" under "indd".
local prefixes, suffixes = {}, {}
for _, row in pairs(junk) do
  local words = tagrules.normalize(row.pattern)
  if row.pattern:sub(-1) == "*" then
    local first = words:match("^%S+")
    prefixes[first] = prefixes[first] or {}
    table.insert(prefixes[first], { start = words .. " ", field = row.field })
  end
  if row.pattern:sub(1, 1) == "*" then
    local last = words:match("%S+$")
    suffixes[last] = suffixes[last] or {}
    table.insert(suffixes[last], { tail = " " .. words, field = row.field })
  end
end

local function applies(row_field, field)
  return row_field == "both" or row_field == field
end

-- Whether `text` is junk for `field` ("author" or "title").
local function is_junk(text, field)
  local key = tagrules.normalize(text)
  if key == "" then return false end
  local row = junk[key]
  if row and applies(row.field, field) then return true end
  for _, prefix in ipairs(prefixes[key:match("^%S+")] or {}) do
    if applies(prefix.field, field) and key:find(prefix.start, 1, true) == 1 then return true end
  end
  -- The last of several words (a key of one word has none: no plain space in it).
  local last = key:find(" ", 1, true) and key:match(".* (%S+)$")
  for _, suffix in ipairs(suffixes[last or ""] or {}) do
    local at = #key - #suffix.tail + 1
    if at > 1 and applies(suffix.field, field) and key:find(suffix.tail, at, true) == at then return true end
  end
  return false
end

return {
  name = "junk metadata",
  description = "Clears Authors and Titles written by scanners and office programs (HP Scan, Administrator, Microsoft Word - x.docx ...), so the filename rules fill them.",
  apply = function(score)
    for _, composer in ipairs(score.composers) do
      if is_junk(composer, "author") then score.composers:remove(composer) end
    end
    if score.title and is_junk(score.title, "title") then score.title = nil end
  end,
  examples = {
    { given = { composers = { "HP Scan" }, title = "HP Scan" }, expect = { composers = false, title = false } },
    { given = { composers = { "Administrator" }, title = "Ballade" }, expect = { composers = false, title = "Ballade" } },
    { given = { composers = { "Microsoft Word - score.docx" }, title = "Microsoft Word - score.docx" },
      expect = { composers = false, title = false } },
    { given = { composers = { "Adobe Acrobat 9.0" } }, expect = { composers = false } },
    { given = { composers = { "CamScanner" }, title = "CamScanner 03-04-2021 10.22" },
      expect = { composers = false, title = false } },
    { given = { title = "untitled" }, expect = { title = false } },
    { given = { title = "Document1" }, expect = { title = false } },
    { given = { title = "Messiah_vocal_score_v3.indd" }, expect = { title = false } },
    { given = { composers = { "Johann Sebastian Bach", "HP Scan" }, title = "Minuet in G" },
      expect = { composers = { "Johann Sebastian Bach" }, title = "Minuet in G" } },
    { given = { composers = { "Jean Sibelius" }, title = "Finlandia" },
      expect = { composers = { "Jean Sibelius" }, title = "Finlandia" } },
    { given = { title = "Scanning the horizon" }, expect = { title = "Scanning the horizon" } },
  },
}
