#include "barframes_reference.h"

#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "barframes_kernels.h"

/* The seek-bar style: customizable-bar, 375 x 20 pt, barHeight 2, cornerRadius 1, the dot
 * (5 x barHeight = 10 pt circle) shown, white track at alpha 0.1, white fill and dot. */
static const double W = 375, H = 20, BAR = 2, RADIUS = 1, DOT = 10;

/* BarFramesGraphics' arc: cubic pieces of at most 90 degrees, k = 4/3 tan(step/4). */
static void arc_to(cairo_t *cr, double cx, double cy, double r, double a0, double a1) {
  double sweep = a1 - a0;
  int pieces = (int)ceil(fabs(sweep) / (M_PI / 2) - 1e-9);
  if (pieces < 1) pieces = 1;
  double step = sweep / pieces, k = 4.0 / 3.0 * tan(step / 4), a = a0;
  for (int i = 0; i < pieces; i++) {
    double b = a + step;
    double x0 = cx + r * cos(a), y0 = cy + r * sin(a), x3 = cx + r * cos(b), y3 = cy + r * sin(b);
    cairo_curve_to(cr, x0 - k * r * sin(a), y0 + k * r * cos(a), x3 + k * r * sin(b), y3 - k * r * cos(b), x3, y3);
    a = b;
  }
}

/* Path(roundedRect:cornerRadius:) exactly: move, line, arc, line, arc, line, arc, line, arc, close. */
static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r) {
  double m = fmin(r, fmin(w / 2, h / 2));
  if (m < 0) m = 0;
  cairo_new_path(cr);
  if (m == 0) {
    cairo_move_to(cr, x, y); cairo_line_to(cr, x + w, y); cairo_line_to(cr, x + w, y + h);
    cairo_line_to(cr, x, y + h); cairo_close_path(cr);
    return;
  }
  cairo_move_to(cr, x + m, y);
  cairo_line_to(cr, x + w - m, y);
  arc_to(cr, x + w - m, y + m, m, -M_PI / 2, 0);
  cairo_line_to(cr, x + w, y + h - m);
  arc_to(cr, x + w - m, y + h - m, m, 0, M_PI / 2);
  cairo_line_to(cr, x + m, y + h);
  arc_to(cr, x + m, y + h - m, m, M_PI / 2, M_PI);
  cairo_line_to(cr, x, y + m);
  arc_to(cr, x + m, y + m, m, M_PI, 3 * M_PI / 2);
  cairo_close_path(cr);
}

/* One layer as Presentation.draw does it: save, translate to the layer, fill its rounded bounds. */
static void layer(cairo_t *cr, double tx, double ty, double w, double h, double r, double alpha) {
  cairo_save(cr);
  cairo_matrix_t m = {1, 0, 0, 1, tx, ty};
  cairo_transform(cr, &m);
  if (alpha > 0 && w > 0 && h > 0) {
    rounded_rect(cr, 0, 0, w, h, r);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    cairo_set_source_rgba(cr, 1, 1, 1, alpha);
    cairo_fill(cr);
  }
  cairo_restore(cr);
}

static void draw_frame(cairo_t *cr, cairo_surface_t *surface, int scale, int height_px, double fill_width, double dot_x) {
  cairo_surface_flush(surface);
  memset(cairo_image_surface_get_data(surface), 0, (size_t)cairo_image_surface_get_stride(surface) * height_px);
  cairo_surface_mark_dirty(surface);
  cairo_reset_clip(cr);
  cairo_identity_matrix(cr);
  cairo_scale(cr, scale, scale);
  layer(cr, 0, 0, W, H, 0, 0);                                 /* the bar: no content */
  layer(cr, 0, H / 2 - BAR / 2, W, BAR, RADIUS, 0.1);           /* track */
  layer(cr, 0, H / 2 - BAR / 2, fill_width, BAR, RADIUS, 1);    /* fill */
  layer(cr, dot_x, H / 2 - DOT / 2, DOT, DOT, DOT / 2, 1);       /* dot */
  cairo_surface_flush(surface);
}

static unsigned int crc_of(const unsigned char *type, const unsigned char *data, size_t n) {
  unsigned long c = crc32(0, type, 4);
  /* crc32(c, NULL, 0) returns zlib's initial value, not c: skip empty data. */
  return (unsigned int)(n ? crc32(c, data, (uInt)n) : c);
}

static void put32(unsigned char *p, unsigned int v) {
  p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v;
}

typedef struct { unsigned char *data; size_t count, capacity; } buffer;

static void append(buffer *b, const void *bytes, size_t n) {
  if (b->count + n > b->capacity) {
    b->capacity = (b->count + n) * 2;
    b->data = realloc(b->data, b->capacity);
  }
  memcpy(b->data + b->count, bytes, n);
  b->count += n;
}

static void chunk(buffer *out, const char *type, const unsigned char *data, size_t n) {
  unsigned char header[8], crc[4];
  put32(header, (unsigned int)n);
  memcpy(header + 4, type, 4);
  append(out, header, 8);
  if (n) append(out, data, n);
  put32(crc, crc_of((const unsigned char *)type, data, n));
  append(out, crc, 4);
}

int bf_reference_seek_bar(const double *fill_widths, const double *dot_xs, int frame_count, int scale,
                          bf_reference_result *result) {
  int w = (int)ceil(W * scale), h = (int)ceil(H * scale);
  size_t row = (size_t)w * 4, filtered_size = (row + 1) * h;
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) return -1;
  cairo_t *cr = cairo_create(surface);
  unsigned char *rgba = malloc(row * h), *filtered = malloc(filtered_size);
  /* The fast preset's compressor: zlib's Z_RLE parse (rle_deflate.c), framed as zlib frames
   * level 1 with Z_RLE (header 78 01, Adler-32 last). */
  barframes_rle_deflate *rle = barframes_rle_deflate_create();
  if (!rle) return -2;
  buffer zdata = {0};
  buffer png = {0};
  result->frames = 0;
  result->bytes = 0;
  result->checksum = 14695981039346656037ULL;
  for (int i = 0; i < frame_count; i++) {
    draw_frame(cr, surface, scale, h, fill_widths[i], dot_xs[i]);
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) return -3;
    /* Straight RGBA, as PixelConversion.unpremultiplyARGB32. */
    const unsigned char *src = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < h; y++) {
      const unsigned int *p = (const unsigned int *)(src + (size_t)y * stride);
      unsigned char *o = rgba + (size_t)y * row;
      for (int x = 0; x < w; x++, o += 4) {
        unsigned int argb = p[x], a = argb >> 24;
        if (a == 255) { o[0] = argb >> 16; o[1] = argb >> 8; o[2] = argb; o[3] = 255; }
        else if (a == 0) { o[0] = o[1] = o[2] = o[3] = 0; }
        else {
          unsigned int half = a / 2, r = (((argb >> 16) & 255) * 255 + half) / a, g = (((argb >> 8) & 255) * 255 + half) / a,
                       b = ((argb & 255) * 255 + half) / a;
          o[0] = r > 255 ? 255 : r; o[1] = g > 255 ? 255 : g; o[2] = b > 255 ? 255 : b; o[3] = a;
        }
      }
    }
    /* Up for a row equal to the previous one, Sub otherwise. */
    for (int y = 0; y < h; y++) {
      const unsigned char *r = rgba + (size_t)y * row, *prev = y ? r - row : NULL;
      unsigned char *t = filtered + (size_t)y * (row + 1);
      if (prev && memcmp(r, prev, row) == 0) {
        t[0] = 2;
        memset(t + 1, 0, row);
      } else {
        t[0] = 1;
        for (size_t x = 0; x < row; x++) t[1 + x] = (unsigned char)(r[x] - (x >= 4 ? r[x - 4] : 0));
      }
    }
    barframes_rle_deflate_reset(rle);
    if (barframes_rle_deflate_compress(rle, filtered, filtered_size, true) != 1) return -4;
    size_t deflated = 0;
    const uint8_t *stream = barframes_rle_deflate_output(rle, &deflated);
    static const unsigned char zheader[2] = {0x78, 0x01};
    zdata.count = 0;
    append(&zdata, zheader, 2);
    append(&zdata, stream, deflated);
    barframes_rle_deflate_take_output(rle);
    unsigned char adler[4];
    put32(adler, (unsigned int)adler32(adler32(0, NULL, 0), filtered, (uInt)filtered_size));
    append(&zdata, adler, 4);
    size_t zsize = zdata.count;
    png.count = 0;
    static const unsigned char signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    append(&png, signature, 8);
    unsigned char ihdr[13];
    put32(ihdr, (unsigned int)w); put32(ihdr + 4, (unsigned int)h);
    ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    chunk(&png, "IHDR", ihdr, 13);
    chunk(&png, "IDAT", zdata.data, zsize);
    chunk(&png, "IEND", NULL, 0);
    for (size_t k = 0; k < png.count; k++) result->checksum = (result->checksum ^ png.data[k]) * 1099511628211ULL;
    result->bytes += (long long)png.count;
    result->frames++;
  }
  barframes_rle_deflate_destroy(rle);
  free(png.data); free(rgba); free(filtered); free(zdata.data);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return 0;
}
