-- 10-legacy-forscore-keywords.lua
--
-- Before version 10.4 forScore wrote rating and difficulty as `forScore-rating:N` and
-- `forScore-difficulty:N` in Keywords; 10.4 and later write `rating:N` and `difficulty:N`
-- (pdf-metadata.txt, "Rating & Difficulty"). tagrules reads both spellings, so by the time
-- this rule runs score.rating and score.difficulty already hold the legacy values (legacy N
-- is read as N stars; a modern keyword wins over a legacy one).
--
-- What is left to migrate is the Keywords text itself, which still holds the retired token.
-- This rule finds scores with a rating or difficulty (only they read score.info, which is built
-- on first use) whose raw Keywords carry a legacy token and no modern one, assigns the field
-- again and logs the migration. Assigning a field its own value changes no metadata: `rating:N`
-- replaces the retired token only when the writer re-encodes Keywords, that is with
-- `apply --normalize`, or when the same run changes the score otherwise (see rules/README.md,
-- "Migrating legacy keywords").

-- Whether a comma-separated Keywords text has a piece starting with `prefix` (lowercase),
-- compared case-insensitively after trimming, as forScore does.
local function has_keyword(keywords, prefix)
  for piece in (keywords .. ","):gmatch("([^,]*),") do
    local trimmed = piece:match("^%s*(.-)%s*$"):lower()
    if trimmed:sub(1, #prefix) == prefix then return true end
  end
  return false
end

local fields = { "rating", "difficulty" }

return {
  name = "legacy forScore keywords",
  description = "Marks forScore-rating:N and forScore-difficulty:N for rewriting as rating:N and difficulty:N (written by apply --normalize).",
  apply = function(score)
    local keywords = (score.rating ~= nil or score.difficulty ~= nil) and score.info.Keywords
    if not keywords then return end
    for _, field in ipairs(fields) do
      local value = score[field]
      if value ~= nil and has_keyword(keywords, "forscore-" .. field .. ":")
          and not has_keyword(keywords, field .. ":") then
        score[field] = value
        tagrules.log(("forScore-%s:%d is read as %s:%d; apply --normalize writes it so"):format(field, value, field, value))
      end
    end
  end,
  examples = {
    { given = { info = { Keywords = "Baroque, forScore-rating:4, forScore-difficulty:2" },
                rating = 4, difficulty = 2, tags = { "Baroque" } },
      expect = { rating = 4, difficulty = 2, tags = { "Baroque" } } },
    { given = { info = { Keywords = "rating:5, forScore-rating:2" }, rating = 5 },
      expect = { rating = 5 } },
    { given = { info = { Keywords = "Etude" }, tags = { "Etude" } },
      expect = { rating = false, difficulty = false, tags = { "Etude" } } },
  },
}
