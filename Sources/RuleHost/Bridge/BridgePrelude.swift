/// The Lua code that builds the `score` object and the `tagrules` table from the host
/// functions, run once per state inside a sandbox environment (chunk name `=bridge`).
///
/// `score` and its four lists are userdata (`newobject`), so every access goes through these
/// metamethods and `rawset` cannot bypass them. One `score` serves every call of the state;
/// the host swaps the metadata behind it. `score.file`, `score.info` and `score.toc` are built
/// on first use per score; data files once per state. Both are read-only views.
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
    local list_len, list_get, list_add, list_remove = host.list_len, host.list_get, host.list_add, host.list_remove
    local list_has, list_clear, list_assign = host.list_has, host.list_clear, host.list_assign
    local log = host.log

    readonly({})  -- creates the views' shared metatable, which the host's facts and data rows use

    local function deep_readonly(t)
      for k, v in next, t do
        if type(v) == "table" then t[k] = deep_readonly(v) end
      end
      return readonly(t)
    end

    local fieldof = {}
    local methods = {}
    function methods.add(self, value) return list_add(fieldof[self], value) end
    function methods.remove(self, value) return list_remove(fieldof[self], value) end
    function methods.has(self, value) return list_has(fieldof[self], value) end
    function methods.clear(self) return list_clear(fieldof[self]) end

    local list_mt = {
      __name = "list", __metatable = "list",
      __len = function(self) return list_len(fieldof[self]) end,
      __index = function(self, key)
        if type(key) == "number" then return list_get(fieldof[self], key) end
        return methods[key]
      end,
      __newindex = function(self)
        error("score." .. fieldof[self] .. " entries cannot be assigned; use :add, :remove, "
          .. ":clear or assign a whole list", 2)
      end,
      __tostring = function(self)
        local items = {}
        for i = 1, list_len(fieldof[self]) do items[i] = list_get(fieldof[self], i) end
        return "[" .. table.concat(items, ", ") .. "]"
      end,
    }

    local lists = {}
    for _, field in ipairs({ "composers", "genres", "tags", "labels" }) do
      local list = newobject(list_mt)
      fieldof[list] = field
      lists[field] = list
    end

    local is_fact = { file = true, info = true, toc = true }
    local known = {}
    for field, list in next, lists do known[field] = list end
    setmetatable(known, { __index = index })

    local score = newobject({
      __name = "score", __metatable = "score",
      __index = known,
      __newindex = function(_, key, value)
        if lists[key] then
          return list_assign(key, value, fieldof[value])
        elseif is_fact[key] then
          error("score." .. key .. " is read-only", 2)
        end
        return set(key, value)
      end,
      __tostring = function() return "score" end,
    })

    local data_cache = {}
    local function data(name)
      local rows = data_cache[name]
      if rows == nil then
        rows = deep_readonly(host.data(name))
        data_cache[name] = rows
      end
      return rows
    end

    local tagrules = {
      key = { parse = host.key_parse, name = host.key_name },
      match = host.match, normalize = host.normalize, split = host.split, data = data,
      log = function(message) log(tostring(message)) end,
    }
    return score, tagrules, known
    """#
}
