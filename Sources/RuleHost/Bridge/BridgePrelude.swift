/// The Lua code that builds the `score` object and the `tagrules` table from the host
/// functions, run once per state inside a sandbox environment (chunk name `=bridge`).
///
/// `score` and its four lists are userdata (`newobject`), so every access goes through these
/// metamethods and `rawset` cannot bypass them. One `score` serves every call of the state;
/// the host swaps the metadata behind it. `score.file`, `score.info` and `score.toc` are built
/// on first use per score; data files once per state. Both are read-only views.
enum BridgePrelude {
    static let chunkName = "=bridge"

    static let source = #"""
    local host = ...
    local newobject, readonly = host.newobject, host.readonly
    local get, set, facts, serial = host.get, host.set, host.facts, host.serial
    local list_len, list_get, list_add, list_remove = host.list_len, host.list_get, host.list_add, host.list_remove
    local list_has, list_clear, list_assign = host.list_has, host.list_clear, host.list_assign
    local log = host.log

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

    local cache, cached_serial = {}, nil
    local function fact(name)
      local now = serial()
      if now ~= cached_serial then cache, cached_serial = {}, now end
      local value = cache[name]
      if value == nil then
        value = deep_readonly(facts(name))
        cache[name] = value
      end
      return value
    end
    local is_fact = { file = true, info = true, toc = true }

    local score = newobject({
      __name = "score", __metatable = "score",
      __index = function(_, key)
        local list = lists[key]
        if list then return list end
        if is_fact[key] then return fact(key) end
        return get(key)
      end,
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
    return score, tagrules
    """#
}
