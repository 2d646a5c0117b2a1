#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

/// inflateInit is a macro (it passes ZLIB_VERSION and sizeof(z_stream)); Swift cannot call macros.
static inline int czlib_inflate_init(z_streamp stream) { return inflateInit(stream); }

/// inflateInit2 is a macro too; windowBits -15 selects raw deflate (no zlib header).
static inline int czlib_inflate_init2(z_streamp stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

#endif
