#ifndef BARFRAMES_KERNELS_H
#define BARFRAMES_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Small byte loops the compiler does not vectorise from Swift, written with SIMD intrinsics
// where the CPU has them (checked at run time) and plainly elsewhere. Each has a scalar twin
// the tests compare it with.

/// Packs `count` native-endian ARGB32 pixels (Cairo's layout) as R, G, B bytes into `rgb`
/// (3 × `count` bytes), if every pixel is opaque (alpha 255, where premultiplied and straight
/// colours are the same); returns false, with `rgb` unspecified, if any is not.
bool barframes_pack_opaque_argb32(const uint32_t *argb, size_t count, uint8_t *rgb);

/// The same, a pixel at a time.
bool barframes_pack_opaque_argb32_scalar(const uint32_t *argb, size_t count, uint8_t *rgb);

/// Converts `count` premultiplied native-endian ARGB32 pixels (Cairo's layout) to straight
/// R, G, B, A bytes in `rgba` (4 × `count`): zero where alpha is 0, the bytes reordered where
/// it is 255, else each colour channel `c` becomes `table[a << 8 | c]` (a 65 536-byte table of
/// divisions by alpha). Four pixels at a time with SSE2 where all four are transparent or all
/// opaque.
void barframes_unpremultiply_argb32(const uint32_t *argb, size_t count, const uint8_t *table, uint8_t *rgba);
/// The same, a pixel at a time.
void barframes_unpremultiply_argb32_scalar(const uint32_t *argb, size_t count, const uint8_t *table, uint8_t *rgba);

/// How many of the `count` pixels at `a` equal those at `b` (transparent black, all zero, if `b`
/// is NULL) before the first that differs; `count` if none does. Eight pixels at a time with
/// AVX2 where the CPU has it.
size_t barframes_equal_prefix(const uint32_t *a, const uint32_t *b, size_t count);
/// How many of the last of the `count` pixels at `a` equal those at `b` (or zero) after the
/// last that differs; `count` if none does.
size_t barframes_equal_suffix(const uint32_t *a, const uint32_t *b, size_t count);
/// The same two, a pixel at a time.
size_t barframes_equal_prefix_scalar(const uint32_t *a, const uint32_t *b, size_t count);
size_t barframes_equal_suffix_scalar(const uint32_t *a, const uint32_t *b, size_t count);

/// A streaming raw DEFLATE encoder that codes runs of one byte as copies at distance 1 (the
/// parse of zlib's Z_RLE strategy) and everything else as literals: see rle_deflate.c.
typedef struct barframes_rle_deflate barframes_rle_deflate;

/// A new encoder, ready for a stream; NULL if out of memory.
barframes_rle_deflate *barframes_rle_deflate_create(void);
void barframes_rle_deflate_destroy(barframes_rle_deflate *encoder);
/// Forgets the stream so far, output included, to begin a new one.
void barframes_rle_deflate_reset(barframes_rle_deflate *encoder);
/// Adds `length` bytes to the stream; with `final`, ends it (the output is then whole, padded
/// to a byte). Returns 0 if memory ran out (the stream is then unusable), else 1.
int barframes_rle_deflate_compress(barframes_rle_deflate *encoder, const uint8_t *data, size_t length, bool final);
/// The output written since the last take (`count` bytes).
const uint8_t *barframes_rle_deflate_output(const barframes_rle_deflate *encoder, size_t *count);
/// Empties the output (the caller has copied it).
void barframes_rle_deflate_take_output(barframes_rle_deflate *encoder);

/// Huffman code lengths of at most `limit` bits (1…15) for the `count` (≤ 286) symbols with
/// frequencies `freq` (0: unused, length 0); a single used symbol gets length 1.
void barframes_huffman_lengths(const uint32_t *freq, int count, int limit, uint8_t *lengths);

/// Names the calling thread (at most 15 bytes are kept) for debuggers and profilers; does
/// nothing where the platform cannot.
void barframes_name_current_thread(const char *name);

#endif
