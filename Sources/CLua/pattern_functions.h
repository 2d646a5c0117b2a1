#ifndef CLUA_PATTERN_FUNCTIONS_H
#define CLUA_PATTERN_FUNCTIONS_H
/* Included by pattern.h: string.find, string.match, string.gmatch and string.gsub on top of the
 * step-counted matcher, with the arguments and results of Lua 5.4 (manual §6.4). */

/* An initial position (1-based, negative from the end) as an offset into a string of len. */
static inline size_t clua_pm_start(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos - 1;
    if (pos == 0 || pos < -(lua_Integer)len) return 0;
    return len - (size_t)(-pos);
}

/* Pushes capture i of a match from s to e (the whole match when there are no captures). */
static inline void clua_pm_push_capture(clua_matcher *m, int i, const unsigned char *s, const unsigned char *e) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, (const char *)s, (size_t)(e - s));
        return;
    }
    ptrdiff_t len = m->capture[i].len;
    if (len == CLUA_CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
    if (len == CLUA_CAP_POSITION) {
        lua_pushinteger(m->L, (lua_Integer)(m->capture[i].start - m->src) + 1);
    } else {
        lua_pushlstring(m->L, (const char *)m->capture[i].start, (size_t)len);
    }
}

/* Pushes every capture (or the whole match when s is given and there are none). */
static inline int clua_pm_push_captures(clua_matcher *m, const unsigned char *s, const unsigned char *e) {
    int count = (m->level == 0 && s) ? 1 : m->level;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++) clua_pm_push_capture(m, i, s, e);
    return count;
}

/* Whether the pattern has no magic characters (find may then search plainly). */
static inline int clua_pm_is_plain(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++) {
        if (strchr("^$*+?.([%-", p[i]) != NULL && p[i] != '\0') return 0;
    }
    return 1;
}

/* A plain search for p in s from offset start, charging each compared position. */
static inline const char *clua_pm_plain(clua_matcher *m, const char *s, size_t ls, size_t start,
                                        const char *p, size_t lp) {
    if (lp == 0) return s + start;
    for (size_t at = start; lp <= ls && at <= ls - lp; at++) {
        clua_pm_step(m);
        if (s[at] == p[0] && memcmp(s + at, p, lp) == 0) return s + at;
    }
    return NULL;
}

static inline int clua_pm_find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t start = clua_pm_start(luaL_optinteger(L, 3, 1), ls);
    clua_matcher m;
    if (start > ls) {
        luaL_pushfail(L);
        return 1;
    }
    clua_pm_init(&m, L, s, ls, p, lp);
    if (find && (lua_toboolean(L, 4) || clua_pm_is_plain(p, lp))) {
        const char *at = clua_pm_plain(&m, s, ls, start, p, lp);
        if (at) {
            lua_pushinteger(L, (lua_Integer)(at - s) + 1);
            lua_pushinteger(L, (lua_Integer)(at - s + (ptrdiff_t)lp));
            return 2;
        }
    } else {
        const unsigned char *pat = (const unsigned char *)p;
        const unsigned char *from = m.src + start;
        int anchor = lp > 0 && *pat == '^';
        if (anchor) pat++;
        do {
            clua_pm_reset(&m);
            const unsigned char *end = clua_pm_match(&m, from, pat);
            if (end) {
                if (!find) return clua_pm_push_captures(&m, from, end);
                lua_pushinteger(L, (lua_Integer)(from - m.src) + 1);
                lua_pushinteger(L, (lua_Integer)(end - m.src));
                return clua_pm_push_captures(&m, NULL, NULL) + 2;
            }
        } while (from++ < m.src_end && !anchor);
    }
    luaL_pushfail(L);
    return 1;
}

/// `string.find(s, pattern [, init [, plain]])` with a step-counted matcher.
static inline int clua_pattern_find(lua_State *L) { return clua_pm_find_or_match(L, 1); }

/// `string.match(s, pattern [, init])` with a step-counted matcher.
static inline int clua_pattern_match(lua_State *L) { return clua_pm_find_or_match(L, 0); }

typedef struct clua_gmatch_state {
    const unsigned char *from, *last, *pattern;
    clua_matcher m;
} clua_gmatch_state;

static inline int clua_pm_gmatch_next(lua_State *L) {
    clua_gmatch_state *g = (clua_gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L;
    for (const unsigned char *from = g->from; from <= g->m.src_end; from++) {
        clua_pm_reset(&g->m);
        const unsigned char *end = clua_pm_match(&g->m, from, g->pattern);
        if (end && end != g->last) { /* no empty match where the last match ended */
            g->from = g->last = end;
            return clua_pm_push_captures(&g->m, from, end);
        }
    }
    return 0;
}

/// `string.gmatch(s, pattern [, init])` with a step-counted matcher ('^' is not an anchor).
static inline int clua_pattern_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t start = clua_pm_start(luaL_optinteger(L, 3, 1), ls);
    lua_settop(L, 2); /* the strings stay alive as upvalues */
    clua_gmatch_state *g = (clua_gmatch_state *)lua_newuserdatauv(L, sizeof(clua_gmatch_state), 0);
    clua_pm_init(&g->m, L, s, ls, p, lp);
    g->from = g->m.src + (start > ls ? ls + 1 : start);
    g->last = NULL;
    g->pattern = (const unsigned char *)p;
    lua_pushcclosure(L, clua_pm_gmatch_next, 3);
    return 1;
}

/* Appends the replacement string (argument 3) for a match, expanding %0–%9 and %%. */
static inline void clua_pm_add_string(clua_matcher *m, luaL_Buffer *b, const unsigned char *s, const unsigned char *e) {
    size_t length;
    const char *r = lua_tolstring(m->L, 3, &length);
    for (size_t i = 0; i < length; i++) {
        clua_pm_step(m);
        if (r[i] != '%') {
            luaL_addchar(b, r[i]);
        } else if (++i < length && r[i] == '%') {
            luaL_addchar(b, '%');
        } else if (i < length && isdigit((unsigned char)r[i])) {
            if (r[i] == '0') {
                luaL_addlstring(b, (const char *)s, (size_t)(e - s));
            } else {
                clua_pm_push_capture(m, r[i] - '1', s, e); /* a string, or a position */
                luaL_addvalue(b);
            }
        } else {
            luaL_error(m->L, "invalid use of '%%' in replacement string");
        }
    }
}

/* Appends the replacement for a match from s to e; returns whether it differs from the match. */
static inline int clua_pm_add_value(clua_matcher *m, luaL_Buffer *b, const unsigned char *s,
                                    const unsigned char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int count = clua_pm_push_captures(m, s, e);
        lua_call(L, count, 1);
    } else if (kind == LUA_TTABLE) {
        clua_pm_push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        clua_pm_add_string(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) { /* nil or false: keep the match */
        lua_pop(L, 1);
        luaL_addlstring(b, (const char *)s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

/// `string.gsub(s, pattern, repl [, n])` with a step-counted matcher.
static inline int clua_pattern_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int kind = lua_type(L, 3);
    lua_Integer limit = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE,
                     3, "string/function/table");
    clua_matcher m;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    const unsigned char *pat = (const unsigned char *)p;
    int anchor = lp > 0 && *pat == '^';
    if (anchor) {
        pat++;
        lp--;
    }
    clua_pm_init(&m, L, s, ls, (const char *)pat, lp);
    const unsigned char *from = m.src, *last = NULL;
    lua_Integer count = 0;
    int changed = 0;
    while (count < limit) {
        clua_pm_reset(&m);
        const unsigned char *end = clua_pm_match(&m, from, pat);
        if (end && end != last) {
            count++;
            changed = clua_pm_add_value(&m, &b, from, end, kind) | changed;
            from = last = end;
        } else if (from < m.src_end) {
            clua_pm_step(&m);
            luaL_addchar(&b, (char)*from++);
        } else {
            break;
        }
        if (anchor) break;
    }
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, (const char *)from, (size_t)(m.src_end - from));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, count);
    return 2;
}

#endif
