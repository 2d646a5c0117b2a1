/// The Lua code that builds the `score` object and the `tagrules` table from the host
/// functions, run once per state inside a sandbox environment (chunk name `=bridge`).
///
/// `score` and its four lists are userdata (`newobject`), so every access goes through these
/// metamethods and `rawset` cannot bypass them. One `score` serves every call of the state;
/// the host swaps the metadata behind it. `score.file`, `score.info` and `score.toc` are built
/// on first use per score, as are `score.source` and `score.text` (kept by the host, not in
/// `known`, so that every read of them reaches the host); a data file's rows on first use per state. All are read-only views.
/// Each rules folder has its own data files: the sandbox gives each environment the
/// `tagrules.data` of its folder (`bind_data`, the prelude's fifth result).
///
/// `score`'s `__index` is the table `known` (the prelude's third result): the four lists and
/// the facts built for the current score are found there by a plain table lookup, with no
/// function call; only other names reach `known`'s own `__index`, the host's `index`, which
/// builds a fact (and stores it in `known`) or reads a field. The host removes the facts from
/// `known` when a call runs on another score (`Bridge.forgetFacts`).
enum BridgePrelude {
    static let chunkName = "=bridge"

    static let source = #"""
    local host = ...
    local newobject, readonly = host.newobject, host.readonly
    local index, set = host.index, host.set
    local list_len, list_index, list_assign = host.list_len, host.list_index, host.list_assign
    local log = host.log

    readonly({})  -- creates the views' shared metatable, which the host's facts and data tables use

    -- The host knows each list object by its userdata: `#list`, `list[i]` and the methods are
    -- host functions called with the list itself. `list_index` finds a method in `methods`.
    local fieldof = {}
    local methods = { add = host.list_add, remove = host.list_remove, has = host.list_has, clear = host.list_clear }

    local list_mt = {
      __name = "list", __metatable = "list",
      __len = list_len,
      __index = list_index,
      __newindex = function(self)
        error("score." .. fieldof[self] .. " entries cannot be assigned; use :add, :remove, "
          .. ":clear or assign a whole list", 2)
      end,
      __tostring = function(self)
        local items = {}
        for i = 1, list_len(self) do items[i] = list_index(self, i) end
        return "[" .. table.concat(items, ", ") .. "]"
      end,
    }

    local lists = {}
    for _, field in ipairs({ "composers", "genres", "tags", "labels" }) do
      local list = newobject(list_mt)
      fieldof[list] = field
      lists[field] = list
    end

    local is_fact = { file = true, info = true, toc = true, source = true, text = true }
    local known = {}
    for field, list in next, lists do known[field] = list end
    setmetatable(known, { __index = index })

    local score = newobject({
      __name = "score", __metatable = "score",
      __index = known,
      __newindex = function(_, key, value)
        if lists[key] then
          return list_assign(key, value)
        elseif is_fact[key] then
          error("score." .. key .. " is read-only", 2)
        end
        return set(key, value)
      end,
      __tostring = function() return "score" end,
    })

    -- A data file is a read-only view whose rows are read from the host when first asked
    -- for (a file may have thousands, a rule looks up a few); `pairs` reads them all. Each
    -- rules folder has its own files: `data_in(folder)` is the `tagrules.data` of its rules.
    local data_open, data_row, data_all = host.data_open, host.data_row, host.data_all
    local data_of = {}
    local function data_in(folder)
      local data = data_of[folder]
      if data ~= nil then return data end
      local views = {}
      data = function(name)
        local view = views[name]
        if view ~= nil then return view end
        local handle = data_open(folder, name)
        local label = 'tagrules.data("' .. name .. '")'
        local rows, count, all = {}, 0, nil
        view = newobject({
          __name = "data", __metatable = "read-only",
          __index = function(_, key)
            local row = rows[key]
            if row == nil then
              if count >= 4096 then rows, count = {}, 0 end
              row = data_row(handle, key, label) or false
              rows[key], count = row, count + 1
            end
            return row or nil
          end,
          __newindex = function(_, key)
            local field = type(key) == "string" and "." .. key or "[" .. tostring(key) .. "]"
            error(label .. field .. " is read-only", 2)
          end,
          __len = function() return 0 end,
          __pairs = function()
            all = all or data_all(handle, label)
            return pairs(all)
          end,
        })
        views[name] = view
        return view
      end
      data_of[folder] = data
      return data
    end
    local function bind_data(env, folder) env.tagrules.data = data_in(folder) end

    local tagrules = {
      key = { parse = host.key_parse, name = host.key_name },
      match = host.match, normalize = host.normalize, split = host.split,
      log = function(message) log(tostring(message)) end,
    }
    return score, tagrules, known, methods, bind_data
    """#
}
