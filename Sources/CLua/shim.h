#ifndef CLUA_SHIM_H
#define CLUA_SHIM_H
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

/*
 * The only C in RuleHost. Three jobs:
 *  1. wrappers for Lua's function-like macros, which Swift cannot call;
 *  2. the sandbox's limits, which must run inside Lua's C frames: the counting allocator, the
 *     count hook, the trampoline that turns a Swift status into a Lua error (Swift frames are
 *     never longjmp'd over), and guards for C library functions a count hook cannot interrupt;
 *  3. a message handler that records where an error happened;
 *  4. Lua's pattern functions with a step count (pattern.h), for the same reason as 2.
 * Everything is static inline: CLua is a system-library module and compiles no sources.
 */

/* ---------------------------------------------------------------- macro wrappers */

/// LUA_REGISTRYINDEX is an expression macro over LUAI_MAXSTACK; Swift does not import it.
static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
/// lua_upvalueindex is a function-like macro.
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
/// lua_pop is a macro over lua_settop.
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
/// lua_newtable is a macro over lua_createtable.
static inline void clua_newtable(lua_State *L) { lua_newtable(L); }
/// lua_insert is a macro over lua_rotate.
static inline void clua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
/// lua_remove is a macro over lua_rotate and lua_pop.
static inline void clua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
/// lua_pushcfunction is a macro over lua_pushcclosure.
static inline void clua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }

/* ---------------------------------------------------------------- per-state context */

/// Why the current protected call is being unwound past the rule's own pcall/xpcall.
enum { CLUA_ABORT_NONE = 0, CLUA_ABORT_BUDGET = 1, CLUA_ABORT_MEMORY = 2 };

/// The instruction count between two runs of the count hook.
enum { CLUA_HOOK_STEP = 1000 };

/// Swift's dispatcher: runs host function `id` of `owner` (the context's owner, passed so
/// that Swift need not look it up again); returns the number of results, or -1 with an error
/// message on top of the stack. It must not raise Lua errors itself.
typedef int (*clua_dispatch_fn)(void *owner, int id);

/// Everything the allocator, hook and trampoline share. It is the allocator's `ud`, so
/// `lua_getallocf` finds it from any `lua_State`.
typedef struct clua_context {
    size_t used;              /* bytes held by the state */
    size_t limit;             /* the memory cap */
    int host;                 /* 1 while Swift (not Lua code) runs: allocations are not refused */
    long long remaining;      /* instructions left in the current call */
    int abort;                /* CLUA_ABORT_*: rethrown past the rule's pcall and xpcall */
    clua_dispatch_fn dispatch;
    void *owner;              /* the Swift object owning this state (unretained) */
    lua_State *L;             /* the state (rules have no coroutines, so there is one thread) */
    char error_source[LUA_IDSIZE];   /* where the last error happened (message handler) */
    int error_line;
    char seen_source[LUA_IDSIZE];    /* where the count hook or a refused allocation last */
    int seen_line;                   /* found the rule: a memory error has no message handler */
} clua_context;

static inline clua_context *clua_ctx(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (clua_context *)ud;
}

static inline void clua_copy_source(char *dst, const char *src) {
    strncpy(dst, src, LUA_IDSIZE - 1);
    dst[LUA_IDSIZE - 1] = '\0';
}

/// Records the innermost frame of a rule file (chunk name "@…") in `seen_source`/`seen_line`.
/// Only reads debug information (lua_getstack, lua_getinfo "Sl"), which allocates nothing.
static inline void clua_note_location(clua_context *c, lua_State *L) {
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && ar.source[0] == '@') {
            clua_copy_source(c->seen_source, ar.short_src);
            c->seen_line = ar.currentline;
            return;
        }
    }
}

/// The counting allocator (lua_Alloc). Refuses growth past the cap while Lua code runs; Lua
/// then collects garbage, retries, and raises a memory error. While Swift runs (`host`), it
/// never refuses, so a Lua API call made from Swift cannot longjmp; the trampoline checks the
/// cap when Swift returns. It counts the bytes Lua asks for.
static inline void *clua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    clua_context *c = (clua_context *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        c->used -= old;
        return NULL;
    }
    if (nsize > old && !c->host) {
        size_t grow = nsize - old;
        if (c->used + grow < c->used || c->used + grow > c->limit) {
            if (c->L) clua_note_location(c, c->L);
            return NULL;
        }
    }
    void *block = realloc(ptr, nsize);
    if (block == NULL) return nsize <= old ? ptr : NULL; /* Lua assumes shrinking never fails */
    c->used = c->used - old + nsize;
    return block;
}

/// The count hook: charges CLUA_HOOK_STEP instructions to the budget, remembers where in a rule
/// file it is (a memory error has no message handler), and raises once the budget is spent. It keeps
/// raising on every later run, so a rule cannot swallow the error and carry on.
static inline void clua_count_hook(lua_State *L, lua_Debug *ar) {
    clua_context *c = clua_ctx(L);
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0 && ar->source[0] == '@') {
        clua_copy_source(c->seen_source, ar->short_src);
        c->seen_line = ar->currentline;
    }
    c->remaining -= CLUA_HOOK_STEP;
    if (c->remaining < 0) {
        c->abort = CLUA_ABORT_BUDGET;
        luaL_error(L, "instruction budget exceeded");
    }
}

/// Charges `units` of host work to the budget; Swift calls it for work proportional to input.
/// Returns 0 once the budget is spent (the trampoline then raises the budget error).
static inline int clua_charge(lua_State *L, long long units) {
    clua_context *c = clua_ctx(L);
    c->remaining -= units;
    return c->remaining >= 0;
}

/// The trampoline behind every Swift host function (upvalue 1 = the function's id). Swift
/// returns a status; the Lua error, if any, is raised here, in C.
static inline int clua_trampoline(lua_State *L) {
    clua_context *c = clua_ctx(L);
    int id = (int)lua_tointegerx(L, lua_upvalueindex(1), NULL);
    int was_host = c->host;
    c->host = 1;
    int results = c->dispatch(c->owner, id);
    c->host = was_host;
    if (c->remaining < 0) {
        c->abort = CLUA_ABORT_BUDGET;
        return luaL_error(L, "instruction budget exceeded");
    }
    if (c->used > c->limit) {
        c->abort = CLUA_ABORT_MEMORY;
        return luaL_error(L, "not enough memory");
    }
    if (results < 0) return lua_error(L);
    return results;
}

/// Pushes a Swift host function: a trampoline closure over the function's id.
static inline void clua_pushhostfunction(lua_State *L, int id) {
    lua_pushinteger(L, id);
    lua_pushcclosure(L, clua_trampoline, 1);
}

/// The message handler of every call made from Swift: records the innermost frame of a rule
/// file (chunk name "@…"; the sandbox's own chunks are "=…"), else the innermost Lua frame, in
/// `error_source`/`error_line`, and turns a non-string error object into a message.
static inline int clua_message_handler(lua_State *L) {
    clua_context *c = clua_ctx(L);
    lua_Debug ar;
    c->error_source[0] = '\0';
    c->error_line = 0;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        if (c->error_line == 0 || ar.source[0] == '@') {
            clua_copy_source(c->error_source, ar.short_src);
            c->error_line = ar.currentline;
        }
        if (ar.source[0] == '@') break;
    }
    if (!lua_isstring(L, 1)) {
        lua_pushfstring(L, "error object is a %s value", luaL_typename(L, 1));
    }
    return 1;
}

/* ---------------------------------------------------------------- state lifetime and calls */

/// The stack slot of the message handler of every call made from Swift: pushed once, when the
/// state is created, so that a call neither pushes nor removes it.
enum { CLUA_HANDLER_SLOT = 1 };

/// What clua_call returns when a function is running: called from inside one (a host
/// function's slot 1 is its first argument, not the handler), which Swift must not do.
enum { CLUA_NOT_OUTERMOST = -1 };

/// Creates a state with the counting allocator and the count hook. NULL when out of memory.
static inline lua_State *clua_newstate(size_t limit, clua_dispatch_fn dispatch) {
    clua_context *c = (clua_context *)calloc(1, sizeof(clua_context));
    if (c == NULL) return NULL;
    c->limit = limit;
    c->host = 1;
    c->dispatch = dispatch;
    lua_State *L = lua_newstate(clua_alloc, c);
    if (L == NULL) {
        free(c);
        return NULL;
    }
    c->L = L;
    lua_sethook(L, clua_count_hook, LUA_MASKCOUNT, CLUA_HOOK_STEP);
    lua_pushcfunction(L, clua_message_handler); /* CLUA_HANDLER_SLOT */
    return L;
}

/// Closes the state and frees its context.
static inline void clua_close(lua_State *L) {
    clua_context *c = clua_ctx(L);
    lua_close(L);
    free(c);
}

/// Sets the owner once the Swift object exists.
static inline void clua_set_owner(lua_State *L, void *owner) { clua_ctx(L)->owner = owner; }

/// A protected call from Swift (lua_pcall is a macro) with `budget` instructions and the
/// recording message handler (in CLUA_HANDLER_SLOT). Lua code runs with the memory cap armed.
/// Returns the status, or CLUA_NOT_OUTERMOST (nothing run) when not called from the outermost
/// level; `clua_abort` says whether a budget or memory limit ended the call.
static inline int clua_call(lua_State *L, int nargs, int nresults, long long budget) {
    lua_Debug running;
    if (lua_getstack(L, 0, &running)) return CLUA_NOT_OUTERMOST;
    clua_context *c = clua_ctx(L);
    c->remaining = budget;
    c->abort = CLUA_ABORT_NONE;
    c->error_source[0] = '\0';
    c->error_line = 0;
    c->seen_source[0] = '\0';
    c->seen_line = 0;
    c->host = 0;
    int status = lua_pcall(L, nargs, nresults, CLUA_HANDLER_SLOT);
    c->host = 1;
    if (status == LUA_ERRMEM) c->abort = CLUA_ABORT_MEMORY;
    return status;
}

static inline int clua_abort(lua_State *L) { return clua_ctx(L)->abort; }
static inline size_t clua_memory_used(lua_State *L) { return clua_ctx(L)->used; }
static inline const char *clua_error_source(lua_State *L) { return clua_ctx(L)->error_source; }
static inline int clua_error_line(lua_State *L) { return clua_ctx(L)->error_line; }
static inline const char *clua_seen_source(lua_State *L) { return clua_ctx(L)->seen_source; }
static inline int clua_seen_line(lua_State *L) { return clua_ctx(L)->seen_line; }

#include "sandbox.h"
#include "pattern.h"

#endif
