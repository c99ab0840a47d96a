#ifndef ROASTBOT_CPANGOCAIRO_SHIM_H
#define ROASTBOT_CPANGOCAIRO_SHIM_H
// Cairo (drawing) and Pango over Cairo (text shaped with HarfBuzz, fonts found by fontconfig),
// and zlib for the renderer's own PNG encoder.
#include <cairo.h>
#include <pango/pangocairo.h>
#include <zlib.h>

/// zlib's deflateInit2 is a macro (it passes the library's version and the stream's size), which
/// Swift cannot call. A zlib stream (window 32 KB, default memory level) at `level` with `strategy`.
static inline int roastbot_deflate_init(z_stream *stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}
#endif
