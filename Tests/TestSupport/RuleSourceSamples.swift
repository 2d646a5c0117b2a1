/// Rule file texts that more than one test target reads.
public enum RuleSourceSamples {
    /// One rule, `x`, whose `apply` (setting the title to "A") starts on line 4, with a passing
    /// example on line 8 and a failing one (expecting "B") on line 9.
    public static let twoExamples = """
        return {
          name = "x",
          description = "d",
          apply = function(score)
            score.title = "A"
          end,
          examples = {
            { given = { title = "Q" }, expect = { title = "A" } },
            { given = { title = "Q" }, expect = { title = "B" } },
          },
        }
        """
}
