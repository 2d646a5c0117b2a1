/// The Lua code that builds the sandbox, run once per state with the full libraries in reach
/// (chunk name `=sandbox`). It receives the host's functions and returns the sandbox:
/// `newenv()` makes the environment of one rule file or module, `expose(name, table)` adds a
/// library (such as `tagrules`) to every later environment.
///
/// An environment holds (issue 4, "Sandbox"): the base functions `assert error getmetatable
/// ipairs next pairs pcall rawequal rawget rawlen rawset select setmetatable tonumber tostring
/// type xpcall _VERSION`, `load` (text chunks only), `require` (modules of the rules folder),
/// `print` (a note in the report); the `string` (no `dump`), `table`, `math` and `utf8`
/// libraries; `os.time`, `os.date`, `os.clock`. Not: `dofile`, `loadfile`, `collectgarbage`,
/// `io`, `debug`, `package`, `coroutine`, the rest of `os`.
///
/// `string.rep`, `table.insert`/`remove`/`sort`/`move` and the pattern functions (`find`,
/// `match`, `gmatch`, `gsub`) are replaced by C versions that charge their loops to the
/// instruction budget (see the CLua shim).
///
/// Each file gets its own copies of the library tables, so a rule that overwrites
/// `string.format` or a global breaks only its own file.
enum SandboxPrelude {
    static let chunkName = "=sandbox"

    static let source = #"""
    local host = ...
    local guard, readonly = host.guard, host.readonly
    local load, pairs, type, error, select, tostring = load, pairs, type, error, select, tostring
    local rawget, real_setmetatable, concat = rawget, setmetatable, table.concat
    local sandbox_pcall = host.pcall

    -- Guards go into the real libraries, so that method calls on strings are guarded too.
    string.dump = nil
    string.rep = guard("rep", string.rep)
    string.find, string.match = host.find, host.match
    string.gmatch, string.gsub = host.gmatch, host.gsub
    table.insert = guard("length", table.insert, "table.insert")
    table.remove = guard("length", table.remove, "table.remove")
    table.sort = guard("length", table.sort, "table.sort")
    table.move = guard("move", table.move)
    getmetatable("").__metatable = "string"

    local function copy(t)
      local c = {}
      for k, v in pairs(t) do
        if type(v) == "table" then c[k] = copy(v) else c[k] = v end
      end
      return c
    end

    local function sandbox_setmetatable(t, mt)
      if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
        error("setmetatable: __gc metamethods are not allowed in rules", 2)
      end
      return real_setmetatable(t, mt)
    end

    local newenv

    local function sandbox_load(chunk, name, mode, env)
      if env == nil then env = newenv() end
      return load(chunk, name, "t", env)
    end

    local function sandbox_print(...)
      local parts = {}
      for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
      host.log(concat(parts, "\t"))
    end

    -- Modules by path, and by the name that found them (a module required again is not read
    -- again: the name always gives the same path).
    local modules, by_name, loading = {}, {}, {}
    local function sandbox_require(name)
      if type(name) ~= "string" then error("require: the module name must be a string", 2) end
      if by_name[name] ~= nil then return by_name[name] end
      local path, text = host.read_module(name)
      if modules[path] ~= nil then
        by_name[name] = modules[path]
        return modules[path]
      end
      if loading[path] then error("require: '" .. name .. "' requires itself", 2) end
      local chunk, message = load(text, "@" .. path, "t", newenv())
      if not chunk then error(message, 0) end
      loading[path] = true
      local ok, result = sandbox_pcall(chunk, name)
      loading[path] = nil
      if not ok then error(result, 0) end
      if result == nil then result = true end
      modules[path] = result
      by_name[name] = result
      return result
    end

    local base = {
      assert = assert, error = error, getmetatable = getmetatable, ipairs = ipairs, next = next,
      pairs = pairs, pcall = sandbox_pcall, rawequal = rawequal, rawget = rawget, rawlen = rawlen,
      rawset = rawset, select = select, setmetatable = sandbox_setmetatable, tonumber = tonumber,
      tostring = tostring, type = type, xpcall = host.xpcall, _VERSION = _VERSION,
      load = sandbox_load, require = sandbox_require, print = sandbox_print,
    }
    local libraries = {
      string = string, table = table, math = math, utf8 = utf8,
      os = { time = os.time, date = os.date, clock = os.clock },
    }

    newenv = function()
      local env = copy(base)
      for name, library in pairs(libraries) do env[name] = copy(library) end
      env._G = env
      return env
    end

    local function expose(name, library) libraries[name] = library end

    return { newenv = newenv, expose = expose, readonly = readonly, copy = copy }
    """#
}
