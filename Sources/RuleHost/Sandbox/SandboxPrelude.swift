/// The Lua code that builds the sandbox, run once per state with the full libraries in reach
/// (chunk name `=sandbox`). It receives the host's functions and returns the sandbox:
/// `newenv(folder)` makes the environment of one rule file or module of rules folder `folder`
/// (1 for the first of a layered set), `expose(name, table)` adds a library (such as
/// `tagrules`) to every later environment, `bind(f)` has `f(env, folder)` add to each what
/// depends on its folder (`tagrules.data`).
///
/// An environment holds (issue 4, "Sandbox"): the base functions `assert error getmetatable
/// ipairs next pairs pcall rawequal rawget rawlen rawset select setmetatable tonumber tostring
/// type xpcall _VERSION`, `load` (text chunks only), `require` (modules of the file's own rules
/// folder), `print` (a note in the report); the `string` (no `dump`), `table`, `math` and `utf8`
/// libraries; `os.time`, `os.date`, `os.clock`. Not: `dofile`, `loadfile`, `collectgarbage`,
/// `io`, `debug`, `package`, `coroutine`, the rest of `os`: using one of them is an error that
/// says the sandbox leaves it out.
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

    -- What a rule may reach for that the sandbox leaves out, and what to do instead: a missing
    -- global reads as nil in plain Lua, and "attempt to index a nil value (global 'io')" says
    -- nothing of the sandbox.
    local absent = {
      io = "the sandbox has no io library: rules cannot open files; read data files of the rules folder with tagrules.data",
      debug = "the sandbox has no debug library",
      package = "the sandbox has no package library; require finds modules of the rules folder",
      coroutine = "the sandbox has no coroutine library",
      dofile = "dofile is not available in rules; require finds modules of the rules folder",
      loadfile = "loadfile is not available in rules; require finds modules of the rules folder",
      collectgarbage = "collectgarbage is not available in rules",
    }
    local env_mt = {
      __index = function(_, name)
        local why = absent[name]
        if why ~= nil then error(why, 2) end
        return nil
      end,
    }
    local os_mt = {
      __index = function(_, name)
        error("os." .. tostring(name) .. " is not available in rules: the sandbox's os has only time, date and clock", 2)
      end,
    }

    local function sandbox_print(...)
      local parts = {}
      for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
      host.log(concat(parts, "\t"))
    end

    -- Modules by path (the files of two rules folders never share a path: see
    -- RulesFolder.prefix), and per folder by the name that found them (a module required
    -- again is not read again: in one folder a name always gives the same path).
    local modules, loading, requires, loads = {}, {}, {}, {}

    -- `require` of the files of rules folder `folder`: modules are found in that folder, and
    -- so are theirs.
    local function require_in(folder)
      if requires[folder] then return requires[folder] end
      local by_name = {}
      local function sandbox_require(name)
        if type(name) ~= "string" then error("require: the module name must be a string", 2) end
        if by_name[name] ~= nil then return by_name[name] end
        local path, text = host.read_module(folder, name)
        if modules[path] ~= nil then
          by_name[name] = modules[path]
          return modules[path]
        end
        if loading[path] then error("require: '" .. name .. "' requires itself", 2) end
        local chunk, message = load(text, "@" .. path, "t", newenv(folder))
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
      requires[folder] = sandbox_require
      return sandbox_require
    end

    -- `load` of the files of rules folder `folder`: a chunk loaded without an environment gets
    -- a fresh one of the same folder.
    local function load_in(folder)
      if loads[folder] then return loads[folder] end
      local function sandbox_load(chunk, name, mode, env)
        if env == nil then env = newenv(folder) end
        return load(chunk, name, "t", env)
      end
      loads[folder] = sandbox_load
      return sandbox_load
    end

    local base = {
      assert = assert, error = error, getmetatable = getmetatable, ipairs = ipairs, next = next,
      pairs = pairs, pcall = sandbox_pcall, rawequal = rawequal, rawget = rawget, rawlen = rawlen,
      rawset = rawset, select = select, setmetatable = sandbox_setmetatable, tonumber = tonumber,
      tostring = tostring, type = type, xpcall = host.xpcall, _VERSION = _VERSION,
      print = sandbox_print,
    }
    local libraries = {
      string = string, table = table, math = math, utf8 = utf8,
      os = { time = os.time, date = os.date, clock = os.clock },
    }
    -- Functions that give an environment what depends on its folder (`tagrules.data`).
    local binders = {}

    -- The environment of a file of rules folder `folder` (1, the first, when not given).
    newenv = function(folder)
      folder = folder or 1
      local env = copy(base)
      for name, library in pairs(libraries) do env[name] = copy(library) end
      real_setmetatable(env.os, os_mt)
      env.require, env.load = require_in(folder), load_in(folder)
      env._G = env
      for i = 1, #binders do binders[i](env, folder) end
      return real_setmetatable(env, env_mt)
    end

    local function expose(name, library) libraries[name] = library end
    local function bind(binder) binders[#binders + 1] = binder end

    return { newenv = newenv, expose = expose, bind = bind, readonly = readonly, copy = copy }
    """#
}
