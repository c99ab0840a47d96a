#ifndef ROASTBOT_CPANGOCAIRO_SHIM_H
#define ROASTBOT_CPANGOCAIRO_SHIM_H
// Cairo (drawing) and Pango over Cairo (text shaped with HarfBuzz, fonts found by fontconfig),
// and zlib for the renderer's own PNG encoder.
#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdint.h>
#include <zlib.h>

/// zlib's deflateInit2 is a macro (it passes the library's version and the stream's size), which
/// Swift cannot call. A zlib stream (window 32 KB, default memory level) at `level` with `strategy`.
static inline int roastbot_deflate_init(z_stream *stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}
/// One row of an opaque Cairo image (`RGB24`: native-endian 0x00RRGGBB words) as PNG's filter
/// type 4 (Paeth): `line` receives the row's RGB bytes, `filtered` the filter byte and each byte
/// minus its prediction from its left, upper (`above`, the previous row's RGB bytes) and
/// upper-left neighbours. In C because it touches every byte of every picture: Swift's unoptimized
/// builds, which the tests run, took ten times as long for it.
static inline void roastbot_png_paeth_row(const uint32_t *row, int width, uint8_t *line, const uint8_t *above, uint8_t *filtered) {
    for (int x = 0; x < width; x++) {
        uint32_t pixel = row[x];
        line[3 * x] = (uint8_t)(pixel >> 16);
        line[3 * x + 1] = (uint8_t)(pixel >> 8);
        line[3 * x + 2] = (uint8_t)pixel;
    }
    filtered[0] = 4;
    int bytes = 3 * width;
    for (int i = 0; i < bytes; i++) {
        int a = i >= 3 ? line[i - 3] : 0;
        int b = above[i];
        int c = i >= 3 ? above[i - 3] : 0;
        int pa = b - c < 0 ? c - b : b - c;
        int pb = a - c < 0 ? c - a : a - c;
        int pc = a + b - 2 * c < 0 ? 2 * c - a - b : a + b - 2 * c;
        int predicted = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
        filtered[1 + i] = (uint8_t)(line[i] - predicted);
    }
}
#endif
