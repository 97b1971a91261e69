#ifndef BARFRAMES_ORACLES_H
#define BARFRAMES_ORACLES_H

#include <stddef.h>
#include <stdint.h>

// Reference decoders for the fuzz targets and tests: other people's code, called the way an
// application calls it, so that our encoders and decoders are checked against something that
// shares nothing with them. libpng reports errors by longjmp, which must not cross Swift
// frames, so its calls live here in C.

/// What libpng made of a file.
typedef enum {
  /// libpng refused the file (png_error): `message` says why.
  barframes_png_refused = 0,
  /// libpng decoded the file: `rgba` holds its pixels.
  barframes_png_decoded = 1,
  /// The header claims more pixels than the caller allowed: nothing was decoded.
  barframes_png_too_large = 2,
} barframes_png_outcome;

typedef struct {
  barframes_png_outcome outcome;
  uint32_t width;
  uint32_t height;
  int interlaced;
  /// Warnings, benign errors included: libpng found something wrong and carried on.
  int warnings;
  /// `width` × `height` straight RGBA pixels (malloc'd; barframes_png_reference_free frees them).
  uint8_t *rgba;
  /// The error, or else the first warning ("" if none).
  char message[256];
} barframes_png_result;

/// Decodes a whole PNG file as an application would with libpng's progressive-free API:
/// png_read_info, the transforms that give 8-bit RGBA (png_set_expand, png_set_strip_16 — the
/// high byte of 16-bit samples —, png_set_gray_to_rgb, png_set_add_alpha), png_read_image with
/// interlace handling, and png_read_end, so that chunks after the image data are read too.
/// libpng's own defaults stay: CRC errors in critical chunks are errors, in ancillary ones
/// warnings; benign errors are warnings. Only the width and height limits are lifted to the
/// PNG format's own (2^31 - 1), chunks are limited to libpng's default 8 000 000 bytes, no
/// allocation of libpng's may exceed 64 MiB (a file asking more claims a chunk longer than
/// itself), and images of more than `max_pixels` are not decoded.
void barframes_png_reference_decode(const uint8_t *data, size_t size, size_t max_pixels, barframes_png_result *result);

/// Frees the pixels of a result.
void barframes_png_reference_free(barframes_png_result *result);

#endif
