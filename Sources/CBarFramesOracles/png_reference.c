// libpng as the reference PNG decoder (see barframes_oracles.h).
#include "barframes_oracles.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t position;
} memory_reader;

static void read_memory(png_structp png, png_bytep out, size_t count) {
  memory_reader *reader = png_get_io_ptr(png);
  if (count > reader->size - reader->position) png_error(png, "the file ends early");
  memcpy(out, reader->data + reader->position, count);
  reader->position += count;
}

// The largest allocation libpng may make. An image the fuzz targets compare has at most a few
// megabytes of rows; a file that makes libpng want more claims a chunk far longer than itself.
#define LARGEST_ALLOCATION ((png_alloc_size_t)64 << 20)

static png_voidp limited_malloc(png_structp png, png_alloc_size_t size) {
  (void)png;
  return size > LARGEST_ALLOCATION ? NULL : malloc(size);
}

static void plain_free(png_structp png, png_voidp pointer) {
  (void)png;
  free(pointer);
}

static void keep_message(barframes_png_result *result, const char *message) {
  strncpy(result->message, message ? message : "", sizeof result->message - 1);
  result->message[sizeof result->message - 1] = 0;
}

static void on_error(png_structp png, png_const_charp message) {
  barframes_png_result *result = png_get_error_ptr(png);
  keep_message(result, message);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  barframes_png_result *result = png_get_error_ptr(png);
  if (result->warnings++ == 0) keep_message(result, message);
}

void barframes_png_reference_decode(const uint8_t *data, size_t size, size_t max_pixels, barframes_png_result *result) {
  memset(result, 0, sizeof *result);
  result->outcome = barframes_png_refused;
  memory_reader reader = {data, size, 0};
  png_structp png = png_create_read_struct_2(
    PNG_LIBPNG_VER_STRING, result, on_error, on_warning, NULL, limited_malloc, plain_free);
  if (!png) {
    keep_message(result, "png_create_read_struct failed");
    return;
  }
  png_infop info = png_create_info_struct(png);
  // Set after setjmp and read after a longjmp: volatile, so they are not kept in registers.
  uint8_t *volatile pixels = NULL;
  png_bytep *volatile rows = NULL;
  if (!info || setjmp(png_jmpbuf(png))) {
    free(pixels);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    result->outcome = barframes_png_refused;
    return;
  }
  png_set_read_fn(png, &reader, read_memory);
  png_set_user_limits(png, 0x7FFFFFFF, 0x7FFFFFFF);
  // libpng's own default limit on a chunk's length (PNG_USER_CHUNK_MALLOC_MAX in its configure
  // script; Debian builds it without one). Past it libpng only warns ("chunk data is too
  // large") and still allocates the chunk: a 150-byte file claiming a 2 GB tEXt chunk made it
  // allocate and clear 2 GB before finding the file too short. limited_malloc refuses that
  // allocation, which libpng then treats as it would on a machine without the memory.
  png_set_chunk_malloc_max(png, 8000000);
  png_read_info(png, info);
  png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
  result->width = width;
  result->height = height;
  result->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
  if ((size_t)width * height > max_pixels) {
    png_destroy_read_struct(&png, &info, NULL);
    result->outcome = barframes_png_too_large;
    return;
  }
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "the transforms did not give 8-bit RGBA");
  pixels = malloc((size_t)width * height * 4);
  rows = malloc(sizeof(png_bytep) * height);
  if (!pixels || !rows) png_error(png, "out of memory");
  for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * width * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  result->rgba = pixels;
  result->outcome = barframes_png_decoded;
}

void barframes_png_reference_free(barframes_png_result *result) {
  free(result->rgba);
  result->rgba = NULL;
}
