#ifndef CLUA_SANDBOX_H
#define CLUA_SANDBOX_H
/* Included by shim.h. C functions the sandbox installs in place of, or beside, Lua's own:
 * they must run in C because a count hook only fires between Lua instructions. */

/* ---------------------------------------------------------------- pcall and xpcall */

static inline int clua_finish_pcall(lua_State *L, int status, int extra) {
    if (status != LUA_OK) {
        clua_context *c = clua_ctx(L);
        if (status == LUA_ERRMEM) c->abort = CLUA_ABORT_MEMORY;
        if (c->abort != CLUA_ABORT_NONE) return lua_error(L); /* a limit is not the rule's to catch */
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - extra;
}

/// `pcall` for rules: Lua's, except that a spent budget or memory cap is rethrown.
static inline int clua_sandbox_pcall(lua_State *L) {
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    int status = lua_pcall(L, lua_gettop(L) - 2, LUA_MULTRET, 0);
    return clua_finish_pcall(L, status, 0);
}

/// `xpcall` for rules: Lua's, except that a spent budget or memory cap is rethrown.
static inline int clua_sandbox_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcall(L, n - 2, LUA_MULTRET, 2);
    return clua_finish_pcall(L, status, 2);
}

/* ---------------------------------------------------------------- guards */

static inline int clua_budget_error(lua_State *L) {
    clua_ctx(L)->abort = CLUA_ABORT_BUDGET;
    return luaL_error(L, "instruction budget exceeded");
}

/// `string.rep` guard (upvalue 1 = the original). Lua's loops `n` times even when the result is
/// empty (`("").rep("", 1e15)` never returns), and a huge result should fail with a clear
/// message before the allocation is attempted.
static inline int clua_guard_rep(lua_State *L) {
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0) {
        clua_context *c = clua_ctx(L);
        size_t unit = l + lsep;
        size_t avail = c->used < c->limit ? c->limit - c->used : 0;
        if (unit == 0) {
            lua_pushliteral(L, "");
            return 1;
        }
        if (unit < l || (lua_Unsigned)n > avail / unit) {
            return luaL_error(L, "string.rep: a result of %I copies of %I bytes exceeds the memory limit",
                              n, (lua_Integer)unit);
        }
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static inline void clua_require_plain(lua_State *L, int arg, const char *name) {
    if (lua_type(L, arg) == LUA_TTABLE && lua_getmetatable(L, arg)) {
        luaL_error(L, "%s: tables with a metatable are not supported in rules", name);
    }
}

/// Guard for `table.insert`, `table.remove` and `table.sort` (upvalue 1 = the original,
/// upvalue 2 = its name). With a metatable, `#t` can claim any length while `__index` is a C
/// function, and these loops then never reach a Lua instruction. Plain tables only; the
/// length is charged to the budget.
static inline int clua_guard_length(lua_State *L) {
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    luaL_checktype(L, 1, LUA_TTABLE);
    clua_require_plain(L, 1, name);
    clua_context *c = clua_ctx(L);
    c->remaining -= (long long)lua_rawlen(L, 1);
    if (c->remaining < 0) return clua_budget_error(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/// Guard for `table.move(a1, f, e, t [,a2])` (upvalue 1 = the original): its loop runs e-f+1
/// times whatever the tables hold, so the count is charged to the budget first.
static inline int clua_guard_move(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    luaL_checkinteger(L, 4);
    clua_require_plain(L, 1, "table.move");
    if (!lua_isnoneornil(L, 5)) {
        luaL_checktype(L, 5, LUA_TTABLE);
        clua_require_plain(L, 5, "table.move");
    }
    if (e >= f) {
        clua_context *c = clua_ctx(L);
        lua_Unsigned count = (lua_Unsigned)e - (lua_Unsigned)f + 1u;
        if (count == 0 || count > (lua_Unsigned)(c->remaining < 0 ? 0 : c->remaining)) {
            return clua_budget_error(L);
        }
        c->remaining -= (long long)count;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/// `guard(kind, original [, name])` for the sandbox prelude: the guarded closure of a library
/// function; kind is "rep", "length" (needs name) or "move".
static inline int clua_make_guard(lua_State *L) {
    const char *kind = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    if (strcmp(kind, "rep") == 0) {
        lua_pushcclosure(L, clua_guard_rep, 1);
    } else if (strcmp(kind, "move") == 0) {
        lua_pushcclosure(L, clua_guard_move, 1);
    } else if (strcmp(kind, "length") == 0) {
        luaL_checkstring(L, 3);
        lua_pushvalue(L, 3);
        lua_pushcclosure(L, clua_guard_length, 2);
    } else {
        return luaL_error(L, "unknown guard '%s'", kind);
    }
    return 1;
}

/* ---------------------------------------------------------------- objects for the bridge */

#define CLUA_READONLY "tagrules.readonly"

static inline int clua_readonly_index(lua_State *L) {
    lua_getiuservalue(L, 1, 1);
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    return 1;
}

/// An assignment to a view: names the field when the view has a name (its second user value,
/// e.g. "score.file"): "score.file.stem is read-only", "score.toc[1].title is read-only".
static inline int clua_readonly_newindex(lua_State *L) {
    if (lua_getiuservalue(L, 1, 2) != LUA_TSTRING) {
        return luaL_error(L, "attempt to change a read-only table");
    }
    const char *view = lua_tostring(L, -1);
    if (lua_type(L, 2) == LUA_TSTRING) {
        return luaL_error(L, "%s.%s is read-only", view, lua_tostring(L, 2));
    }
    const char *key = luaL_tolstring(L, 2, NULL);
    return luaL_error(L, "%s[%s] is read-only", view, key);
}

static inline int clua_readonly_len(lua_State *L) {
    lua_getiuservalue(L, 1, 1);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
    return 1;
}

static inline int clua_readonly_next(lua_State *L) {
    lua_settop(L, 2);
    if (lua_next(L, lua_upvalueindex(1))) return 2;
    lua_pushnil(L);
    return 1;
}

static inline int clua_readonly_pairs(lua_State *L) {
    lua_getiuservalue(L, 1, 1);
    lua_pushcclosure(L, clua_readonly_next, 1);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/// `readonly(t)`: a userdata view of table `t` that reads (`[k]`, `#`, `pairs`, `ipairs`) but
/// cannot be written, not even with `rawset`. Nested tables must be wrapped first.
static inline int clua_readonly(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_newuserdatauv(L, 0, 1);
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1);
    if (luaL_newmetatable(L, CLUA_READONLY)) {
        const luaL_Reg methods[] = {
            {"__index", clua_readonly_index},   {"__newindex", clua_readonly_newindex},
            {"__len", clua_readonly_len},       {"__pairs", clua_readonly_pairs},
            {NULL, NULL},
        };
        luaL_setfuncs(L, methods, 0);
        lua_pushliteral(L, "read-only");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    return 1;
}

/// `newobject(mt)`: an empty userdata with metatable `mt`, for objects whose every access goes
/// through metamethods (`score` and its lists), so `rawset` cannot bypass them.
static inline int clua_newobject(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_newuserdatauv(L, 0, 0);
    lua_pushvalue(L, 1);
    lua_setmetatable(L, -2);
    return 1;
}

#endif
