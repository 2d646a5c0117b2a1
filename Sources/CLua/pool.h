#ifndef CLUA_POOL_H
#define CLUA_POOL_H
#include <stdlib.h>
#include <string.h>

/*
 * Small blocks for the counting allocator (shim.h). Lua allocates and frees strings, tables,
 * closures and userdata of a few dozen bytes all the time; glibc's malloc and free cost 100-200
 * instructions a call. A state keeps its blocks of up to CLUA_POOL_LARGEST bytes in classes
 * of CLUA_POOL_GRAIN bytes, each with a list of free blocks, carved from chunks it frees only
 * when it closes: taking or giving back a block is a few instructions. Only where the bytes
 * come from changes: the allocator counts the sizes Lua asks for, as before, so the memory
 * cap is exactly what it was (freed blocks kept in a list are not counted as held).
 */

/// Blocks are multiples of 16 bytes, 16-aligned: glibc's alignment, enough for every Lua type.
enum { CLUA_POOL_GRAIN = 16, CLUA_POOL_CLASSES = 16, CLUA_POOL_LARGEST = CLUA_POOL_GRAIN * CLUA_POOL_CLASSES };
/// The bytes malloc'd at a time for blocks.
enum { CLUA_POOL_CHUNK = 64 * 1024 };

typedef struct clua_pool {
    void *free[CLUA_POOL_CLASSES];  /* per class, the free blocks, each linking to the next */
    char *next, *end;               /* the part of the newest chunk no block has used yet */
    void *chunks;                   /* every chunk, each linking to the one before, for close */
} clua_pool;

/// The class of a block of `size` bytes (1 ... CLUA_POOL_LARGEST).
static inline size_t clua_pool_class(size_t size) { return (size - 1) / CLUA_POOL_GRAIN; }

/// Whether a block of `size` bytes (0 for none) comes from the pool.
static inline int clua_pool_holds(size_t size) { return size - 1 < CLUA_POOL_LARGEST; }

/// A block of class `cls`: a freed one, else the next of the newest chunk; NULL when malloc fails.
static inline void *clua_pool_take(clua_pool *p, size_t cls) {
    void *block = p->free[cls];
    if (block != NULL) {
        p->free[cls] = *(void **)block;
        return block;
    }
    size_t size = (cls + 1) * CLUA_POOL_GRAIN;
    if ((size_t)(p->end - p->next) < size) {
        char *chunk = (char *)malloc(CLUA_POOL_CHUNK);
        if (chunk == NULL) return NULL;
        *(void **)chunk = p->chunks;
        p->chunks = chunk;
        p->next = chunk + CLUA_POOL_GRAIN;  /* the first grain holds the link */
        p->end = chunk + CLUA_POOL_CHUNK;
    }
    block = p->next;
    p->next += size;
    return block;
}

/// Puts a block of class `cls` on its free list.
static inline void clua_pool_give(clua_pool *p, void *block, size_t cls) {
    *(void **)block = p->free[cls];
    p->free[cls] = block;
}

/// realloc for Lua's blocks: `ptr` (NULL for none) holds `old` bytes; returns a block of `nsize`
/// (> 0) bytes holding the first bytes of `ptr`, which is then given back, or NULL (and `ptr`
/// is untouched) when no memory is left. Blocks up to CLUA_POOL_LARGEST come from the pool, larger
/// ones from malloc; a block that stays in its class is kept.
static inline void *clua_pool_resize(clua_pool *p, void *ptr, size_t old, size_t nsize) {
    int was_pooled = ptr != NULL && clua_pool_holds(old);
    int pooled = clua_pool_holds(nsize);
    if (ptr != NULL && !was_pooled && !pooled) return realloc(ptr, nsize);
    if (was_pooled && pooled && clua_pool_class(old) == clua_pool_class(nsize)) return ptr;
    void *block = pooled ? clua_pool_take(p, clua_pool_class(nsize)) : malloc(nsize);
    if (block == NULL || ptr == NULL) return block;
    memcpy(block, ptr, old < nsize ? old : nsize);
    if (was_pooled) {
        clua_pool_give(p, ptr, clua_pool_class(old));
    } else {
        free(ptr);
    }
    return block;
}

/// Frees a block of `old` bytes (NULL: nothing).
static inline void clua_pool_release(clua_pool *p, void *ptr, size_t old) {
    if (ptr == NULL) return;
    if (clua_pool_holds(old)) {
        clua_pool_give(p, ptr, clua_pool_class(old));
    } else {
        free(ptr);
    }
}

/// Frees every chunk (after lua_close, when no block is in use).
static inline void clua_pool_close(clua_pool *p) {
    while (p->chunks != NULL) {
        void *chunk = p->chunks;
        p->chunks = *(void **)chunk;
        free(chunk);
    }
}

#endif
