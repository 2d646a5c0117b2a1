import Testing
@testable import RuleHost

/// The step-counted pattern functions of the shim against Lua 5.4's own `string.find`, `match`,
/// `gmatch` and `gsub`: every case must give the same results, or fail in both.
struct PatternFunctionTests {
    /// Lua code comparing `ours` (the shim's functions) with `string` over a table of cases;
    /// returns the number of cases compared and the first difference, if any.
    static let comparison = #"""
    local ours = ...
    local subjects = {
      "", "hello world", "Chopin - Nocturne in E-flat major, Op. 9 No. 2.pdf", "  a,b,,c  ",
      "[x] (y) {z} (a(b)c)", "THE end 123 456", "aaa", "a.b%c$d^e-f]g", "\u{fc}mlaut \u{e9}t\u{e9}", "x\0y\0",
      "key: value; other: 2", "((()))", "abcabcabc",
    }
    local patterns = {
      "", "a", "%a+", "%A+", "(%w+)", "(%w+) (%w+)", "^%s*(.-)%s*$", "%d+", "%D", "[%a_][%w_]*",
      "[^,]+", "[a-c]+", "[%-%]]", "[]]", "[^]]", ".-", ".*", "a*", "a-", "a?", "a+", "()a()",
      "%bxy", "%b()", "%f[%w]%w+", "%f[%W]", "(a)%1", "((a)(b))", "$", "^", "^$", "x$", "%.",
      "%%", "[%w%.]+", "Op%. (%d+)", "(%d)%.?(%d*)", "%s+", "%S+", "%x+", "%p", "%c", "%g+",
      "%l+", "%u+", "[%d%-]+", "(.)(.)(.)", "(h)(e)(l)(l)(o)", "[a-]", "[-a]", "%z", "\0", "[%z\0]",
      "(", ")", "%", "[a", "%b", "%bx", "%f", "%fa", "(()", "%1", "(a)%2", "%0", "(%w+):%s*(%w+)",
      "^(%w+)", "^a-$", "(a*(.)%w(%s*))", "[^%s]+$", "%w+%.pdf$", "[\u{e9}]", "[%]]", "[a%-z]+",
      "()", "(()())", "a-b", "b-", "[^a]-", "^(.-)%s*%-%s*(.-)$", "(%((%a)%))", "%.-",
    }
    local inits = { false, 1, 3, -3, 0, 100, -100 }
    local function pack(ok, ...) return { n = select("#", ...) + 1, ok, ... } end
    local function same(a, b)
      if a.n ~= b.n then return false end
      if not a[1] and not b[1] then
        local ma = tostring(a[2]):gsub("'[%w%.]*'", "'?'")
        local mb = tostring(b[2]):gsub("'[%w%.]*'", "'?'")
        return ma == mb
      end
      for i = 1, a.n do if a[i] ~= b[i] then return false end end
      return true
    end
    local function gather(gmatch, s, p, init)
      local ok, iterator = pcall(gmatch, s, p, init)
      if not ok then return pack(false, iterator) end
      local all = {}
      local okay, err = pcall(function()
        for a, b, c in iterator do all[#all + 1] = tostring(a) .. "|" .. tostring(b) .. "|" .. tostring(c) end
      end)
      if not okay then return pack(false, err) end
      return pack(true, table.concat(all, ";"))
    end
    local replacements = {
      "<%0>", "%1-%1", "%%", "%2", "%x", "", 7,
      { hello = "HI", a = false, x = 1 }, { hello = {} },
      string.upper, function() return nil end, function(a, b) return b end, function() return {} end,
    }
    local count = 0
    local function check(label, a, b)
      count = count + 1
      if not same(a, b) then
        error(label .. ": lua " .. tostring(a[1]) .. " " .. tostring(a[2]) .. " " .. tostring(a[3])
          .. " / ours " .. tostring(b[1]) .. " " .. tostring(b[2]) .. " " .. tostring(b[3]), 0)
      end
    end
    for _, s in ipairs(subjects) do
      for _, p in ipairs(patterns) do
        local label = string.format("%q %q", s, p)
        for _, init in ipairs(inits) do
          local i = init or nil
          check("find " .. label, pack(pcall(string.find, s, p, i)), pack(pcall(ours.find, s, p, i)))
          check("plain find " .. label, pack(pcall(string.find, s, p, i, true)), pack(pcall(ours.find, s, p, i, true)))
          check("match " .. label, pack(pcall(string.match, s, p, i)), pack(pcall(ours.match, s, p, i)))
          check("gmatch " .. label, gather(string.gmatch, s, p, i), gather(ours.gmatch, s, p, i))
        end
        for _, r in ipairs(replacements) do
          for _, n in ipairs({ false, 0, 1, 2 }) do
            check("gsub " .. label .. " " .. tostring(r) .. " " .. tostring(n),
              pack(pcall(string.gsub, s, p, r, n or nil)), pack(pcall(ours.gsub, s, p, r, n or nil)))
          end
        end
      end
    end
    check("gsub bad repl", pack(pcall(string.gsub, "x", "x", true)), pack(pcall(ours.gsub, "x", "x", true)))
    check("find number", pack(pcall(string.find, 12345, 3)), pack(pcall(ours.find, 12345, 3)))
    return count
    """#

    @Test func sameResultsAsLuasOwnFunctions() throws {
        let lua = try LuaState(memoryLimit: 256 << 20)
        #expect(lua.load(Self.comparison, chunkName: "=comparison") == nil)
        lua.newTable()
        for (name, builtin) in [("find", LuaBuiltin.find), ("match", .match), ("gmatch", .gmatch), ("gsub", .gsub)] {
            lua.push(builtin)
            lua.rawSet(-2, field: name)
        }
        let failure = lua.call(arguments: 1, results: 1, budget: Int.max)
        #expect(failure == nil)
        #expect((lua.integer(at: -1) ?? 0) > 50_000)
    }

    @Test(arguments: [
        #"local s = ("a"):rep(3000) s:find(".-.-.-b")"#,
        #"local s = ("a"):rep(100) string.match(s, string.rep("a?", 100) .. string.rep("a", 100) .. "b")"#,
        #"local s = ("a"):rep(5000) for w in s:gmatch(".-.-b") do end"#,
        #"local s = ("a"):rep(3000) s:gsub(".-.-.-b", "")"#,
        #"local s = ("a"):rep(1000000) s:find(("a"):rep(5000) .. "b", 1, true)"#,
    ])
    func backtrackingIsChargedToTheBudget(_ body: String) throws {
        let folder = try RuleFolder(["10-redos.lua": ruleFile("redos", body)])
        let result = try folder.run([score("x.pdf")])[0]
        let failure = try #require(result.diagnostics.first)
        #expect(failure.ruleCode == .budgetExceeded)
        #expect((failure.location.file, failure.location.line) == ("10-redos.lua", 4))
    }
}
