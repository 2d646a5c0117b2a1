-- 30-genre-from-composer.lua
--
-- Adds the era of each well-known composer as a genre, from data/eras.csv (over 300 composers
-- from Hildegard von Bingen to Caroline Shaw). The eras are Medieval, Renaissance, Baroque,
-- Classical, Romantic, Modern and Contemporary; the header of data/eras.csv gives their
-- boundaries. Composers are matched by full name or any spelling in data/composers.csv; genres
-- already present are not added twice.

local composers = require("lib.composers")

return {
  name = "genre from composer",
  description = "Adds the era of well-known composers (Baroque, Romantic ...) as a genre.",
  apply = function(score)
    for _, composer in ipairs(score.composers) do
      local era = composers.era(composer)
      if era then score.genres:add(era) end
    end
  end,
  examples = {
    { given = { composers = { "Frédéric Chopin" } }, expect = { genres = { "Romantic" } } },
    { given = { composers = { "Johann Sebastian Bach", "George Frideric Handel" }, genres = { "Piano" } },
      expect = { genres = { "Piano", "Baroque" } } },
    { given = { composers = { "Hildegard von Bingen", "Claude Debussy", "Arvo Pärt" } },
      expect = { genres = { "Medieval", "Modern", "Contemporary" } } },
    { given = { composers = { "W. A. Mozart" } }, expect = { genres = { "Classical" } } },
    { given = { composers = { "Traditional" } }, expect = { genres = false } },
    { given = { composers = { "Frédéric Chopin" }, genres = { "Romantic" } }, expect = { genres = { "Romantic" } } },
  },
}
