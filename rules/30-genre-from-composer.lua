-- 30-genre-from-composer.lua
--
-- Adds the era of each composer as a genre: Medieval, Renaissance, Baroque, Classical,
-- Romantic, Modern or Contemporary (data/README.md gives the boundaries). A known composer's
-- era comes from data/composers.tsv (over 4,000 composers, from Hildegard von Bingen to
-- Caroline Shaw), matched by full name or any spelling in data/composer-spellings.tsv. For a
-- composer the table lacks whose name carries life dates ("Pavel Křížkovský (1820-1885)"),
-- the era is read from the dates by the same boundaries, and the report says so. Genres
-- already present are not added twice.

local composers = require("lib.composers")

return {
  name = "genre from composer",
  description = "Adds the era of each composer (Baroque, Romantic ...) as a genre, from the composer table or the life dates.",
  apply = function(score)
    for _, composer in ipairs(score.composers) do
      local era, from_dates = composers.era(composer)
      if era then
        if from_dates and not score.genres:has(era) then
          tagrules.log(("%s is not in data/composers.tsv; era %s from the life dates"):format(composer, era))
        end
        score.genres:add(era)
      end
    end
  end,
  examples = {
    { given = { composers = { "Frédéric Chopin" } }, expect = { genres = { "Romantic" } } },
    { given = { composers = { "Johann Sebastian Bach", "George Frideric Handel" }, genres = { "Piano" } },
      expect = { genres = { "Piano", "Baroque" } } },
    { given = { composers = { "Hildegard von Bingen", "Claude Debussy", "Arvo Pärt" } },
      expect = { genres = { "Medieval", "Modern", "Contemporary" } } },
    { given = { composers = { "W. A. Mozart" } }, expect = { genres = { "Classical" } } },
    { given = { composers = { "Josef Rheinberger", "Louis Vierne" } }, expect = { genres = { "Romantic", "Modern" } } },
    { given = { composers = { "Pavel Křížkovský (1820-1885)" } }, expect = { genres = { "Romantic" } } },
    { given = { composers = { "Anon. (fl. 1450)" } }, expect = { genres = { "Renaissance" } } },
    { given = { composers = { "Jane Doe (b. 1980)" } }, expect = { genres = { "Contemporary" } } },
    { given = { composers = { "Traditional" } }, expect = { genres = false } },
    { given = { composers = { "Frédéric Chopin" }, genres = { "Romantic" } }, expect = { genres = { "Romantic" } } },
  },
}
