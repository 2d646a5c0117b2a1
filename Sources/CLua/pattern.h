#ifndef CLUA_PATTERN_H
#define CLUA_PATTERN_H
/* Included by shim.h. Lua 5.4's pattern functions (string.find, match, gmatch, gsub; Lua
 * manual §6.4.1) with a step count: the library's own matcher backtracks without limit inside
 * one C call, where no count hook fires, so ("a"):rep(3000):find(".-.-.-b") would never
 * return. This matcher follows the manual's semantics and charges every step to the rule's
 * instruction budget. Written for tagrules; the behaviour is checked against the library's
 * functions by PatternFunctionTests. */

#include <ctype.h>

enum {
    CLUA_MAXCAPTURES = 32,
    CLUA_PATTERN_DEPTH = 200,          /* recursion limit, as Lua's MAXCCALLS */
    CLUA_PATTERN_CHUNK = 256,          /* steps charged to the budget at a time */
    CLUA_CAP_UNFINISHED = -1,
    CLUA_CAP_POSITION = -2,
};

typedef struct clua_matcher {
    const unsigned char *src, *src_end;  /* the subject */
    const unsigned char *pat_end;        /* the pattern ends here (it is NUL-terminated too) */
    lua_State *L;
    int steps;                           /* steps left in the charged chunk */
    int depth;                           /* recursion left */
    int level;                           /* captures open or closed */
    struct { const unsigned char *start; ptrdiff_t len; } capture[CLUA_MAXCAPTURES];
} clua_matcher;

static inline void clua_pm_step(clua_matcher *m) {
    if (--m->steps >= 0) return;
    clua_context *c = clua_ctx(m->L);
    c->remaining -= CLUA_PATTERN_CHUNK;
    m->steps = CLUA_PATTERN_CHUNK;
    if (c->remaining < 0) clua_budget_error(m->L);
}

static inline void clua_pm_init(clua_matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->src = (const unsigned char *)s;
    m->src_end = m->src + ls;
    m->pat_end = (const unsigned char *)p + lp;
    m->steps = 0;
}


static inline void clua_pm_reset(clua_matcher *m) {
    m->level = 0;
    m->depth = CLUA_PATTERN_DEPTH;
}

/* The end of the single-character class starting at p: "x", "%x", ".", "[set]". */
static inline const unsigned char *clua_pm_class_end(clua_matcher *m, const unsigned char *p) {
    if (*p == '%') {
        if (p + 1 >= m->pat_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 2;
    }
    if (*p != '[') return p + 1;
    p++;
    if (p < m->pat_end && *p == '^') p++;
    do { /* the first character of a set may be ']' */
        if (p >= m->pat_end) luaL_error(m->L, "malformed pattern (missing ']')");
        if (*p++ == '%' && p < m->pat_end) p++;
    } while (p >= m->pat_end || *p != ']');
    return p + 1;
}

/* Whether c is in class %cl (or equals cl when cl is not a class letter). The class letters
 * are named in both cases here rather than through tolower(cl) and isupper(cl), a libc call
 * per character matched: no other byte lowers to one of them, in any locale. */
static inline int clua_pm_class(int c, int cl) {
    int in;
    switch (cl) {
    case 'a': case 'A': in = isalpha(c); break;
    case 'c': case 'C': in = iscntrl(c); break;
    case 'd': case 'D': in = isdigit(c); break;
    case 'g': case 'G': in = isgraph(c); break;
    case 'l': case 'L': in = islower(c); break;
    case 'p': case 'P': in = ispunct(c); break;
    case 's': case 'S': in = isspace(c); break;
    case 'u': case 'U': in = isupper(c); break;
    case 'w': case 'W': in = isalnum(c); break;
    case 'x': case 'X': in = isxdigit(c); break;
    case 'z': case 'Z': in = c == 0; break; /* deprecated in the manual, still accepted by Lua 5.4 */
    default: return cl == c;
    }
    return cl <= 'Z' ? !in : in != 0;
}

/* Whether c is in the set from '[' at p to the closing ']' at close. */
static inline int clua_pm_set(int c, const unsigned char *p, const unsigned char *close) {
    int negate = 0;
    p++;
    if (*p == '^') {
        negate = 1;
        p++;
    }
    while (p < close) {
        if (*p == '%' && p + 1 < close) {
            if (clua_pm_class(c, p[1])) return !negate;
            p += 2;
        } else if (p + 2 < close && p[1] == '-') {
            if (p[0] <= c && c <= p[2]) return !negate;
            p += 3;
        } else {
            if (*p == c) return !negate;
            p++;
        }
    }
    return negate;
}

/* Whether the subject character at s matches the class from p to ep. */
static inline int clua_pm_single(clua_matcher *m, const unsigned char *s, const unsigned char *p,
                                 const unsigned char *ep) {
    if (s >= m->src_end) return 0;
    switch (*p) {
    case '.': return 1;
    case '%': return clua_pm_class(*s, p[1]);
    case '[': return clua_pm_set(*s, p, ep - 1);
    default: return *p == *s;
    }
}

static inline const unsigned char *clua_pm_match(clua_matcher *m, const unsigned char *s, const unsigned char *p);

static inline const unsigned char *clua_pm_max_expand(clua_matcher *m, const unsigned char *s,
                                                      const unsigned char *p, const unsigned char *ep) {
    ptrdiff_t count = 0;
    while (clua_pm_single(m, s + count, p, ep)) {
        clua_pm_step(m);
        count++;
    }
    for (; count >= 0; count--) { /* the longest repetition that lets the rest match */
        const unsigned char *end = clua_pm_match(m, s + count, ep + 1);
        if (end) return end;
    }
    return NULL;
}

static inline const unsigned char *clua_pm_min_expand(clua_matcher *m, const unsigned char *s,
                                                      const unsigned char *p, const unsigned char *ep) {
    for (;;) { /* the shortest repetition that lets the rest match */
        const unsigned char *end = clua_pm_match(m, s, ep + 1);
        if (end) return end;
        if (!clua_pm_single(m, s, p, ep)) return NULL;
        s++;
    }
}

static inline const unsigned char *clua_pm_open(clua_matcher *m, const unsigned char *s,
                                                const unsigned char *p, ptrdiff_t what) {
    if (m->level >= CLUA_MAXCAPTURES) luaL_error(m->L, "too many captures");
    m->capture[m->level].start = s;
    m->capture[m->level].len = what;
    m->level++;
    const unsigned char *end = clua_pm_match(m, s, p);
    if (!end) m->level--;
    return end;
}

static inline const unsigned char *clua_pm_close(clua_matcher *m, const unsigned char *s, const unsigned char *p) {
    int open = m->level - 1;
    while (open >= 0 && m->capture[open].len != CLUA_CAP_UNFINISHED) open--;
    if (open < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[open].len = s - m->capture[open].start;
    const unsigned char *end = clua_pm_match(m, s, p);
    if (!end) m->capture[open].len = CLUA_CAP_UNFINISHED;
    return end;
}

/* The index of a closed capture named by digit character d ('1' is the first). */
static inline int clua_pm_capture_index(clua_matcher *m, int d) {
    int i = d - '1';
    if (i < 0 || i >= m->level || m->capture[i].len == CLUA_CAP_UNFINISHED) {
        luaL_error(m->L, "invalid capture index %%%d", i + 1);
    }
    return i;
}

/* %bxy at s: the balanced run from x to its matching y. */
static inline const unsigned char *clua_pm_balance(clua_matcher *m, const unsigned char *s, const unsigned char *p) {
    if (p + 1 >= m->pat_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->src_end || *s != p[0]) return NULL;
    int depth = 1;
    while (++s < m->src_end) {
        clua_pm_step(m);
        if (*s == p[1]) {
            if (--depth == 0) return s + 1;
        } else if (*s == p[0]) {
            depth++;
        }
    }
    return NULL;
}

/* Matches pattern p at subject position s; returns the end of the match or NULL. */
static inline const unsigned char *clua_pm_match(clua_matcher *m, const unsigned char *s, const unsigned char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    while (s && p < m->pat_end) {
        clua_pm_step(m);
        if (*p == '(') {
            s = p + 1 < m->pat_end && p[1] == ')' ? clua_pm_open(m, s, p + 2, CLUA_CAP_POSITION)
                                                  : clua_pm_open(m, s, p + 1, CLUA_CAP_UNFINISHED);
            break;
        }
        if (*p == ')') {
            s = clua_pm_close(m, s, p + 1);
            break;
        }
        if (*p == '$' && p + 1 == m->pat_end) {
            if (s != m->src_end) s = NULL;
            break;
        }
        if (*p == '%' && p + 1 < m->pat_end && p[1] == 'b') {
            s = clua_pm_balance(m, s, p + 2);
            p += 4;
            continue;
        }
        if (*p == '%' && p + 1 < m->pat_end && p[1] == 'f') {
            p += 2;
            if (p >= m->pat_end || *p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
            const unsigned char *ep = clua_pm_class_end(m, p);
            int previous = s == m->src ? '\0' : s[-1];
            int current = s < m->src_end ? *s : '\0';
            if (clua_pm_set(previous, p, ep - 1) || !clua_pm_set(current, p, ep - 1)) s = NULL;
            p = ep;
            continue;
        }
        if (*p == '%' && p + 1 < m->pat_end && isdigit(p[1])) {
            int i = clua_pm_capture_index(m, p[1]);
            size_t len = (size_t)m->capture[i].len;
            if ((size_t)(m->src_end - s) >= len && memcmp(m->capture[i].start, s, len) == 0) {
                s += len;
            } else {
                s = NULL;
            }
            p += 2;
            continue;
        }
        const unsigned char *ep = clua_pm_class_end(m, p);
        int suffix = ep < m->pat_end ? *ep : '\0';
        if (!clua_pm_single(m, s, p, ep)) {
            if (suffix == '*' || suffix == '?' || suffix == '-') {
                p = ep + 1; /* zero repetitions */
                continue;
            }
            s = NULL;
            break;
        }
        if (suffix == '?') {
            const unsigned char *end = clua_pm_match(m, s + 1, ep + 1);
            if (end) {
                s = end;
                break;
            }
            p = ep + 1;
        } else if (suffix == '+') {
            s = clua_pm_max_expand(m, s + 1, p, ep);
            break;
        } else if (suffix == '*') {
            s = clua_pm_max_expand(m, s, p, ep);
            break;
        } else if (suffix == '-') {
            s = clua_pm_min_expand(m, s, p, ep);
            break;
        } else {
            s++;
            p = ep;
        }
    }
    m->depth++;
    return s;
}

#include "pattern_functions.h"

#endif
