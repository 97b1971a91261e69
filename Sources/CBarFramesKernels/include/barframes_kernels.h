#ifndef BARFRAMES_KERNELS_H
#define BARFRAMES_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Small byte loops the compiler does not vectorise from Swift, written with SIMD intrinsics
// where the CPU has them (checked at run time) and plainly elsewhere. Each has a scalar twin
// the tests compare it with.

/// zlib's Adler-32 of `length` bytes at `data`, continuing from `adler` (1 to start): the same
/// value as zlib's adler32_z, computed 32 bytes at a time with AVX2 where the CPU has it.
uint32_t barframes_adler32(uint32_t adler, const uint8_t *data, size_t length);

/// The same, byte by byte (the fallback, and the reference the tests compare with).
uint32_t barframes_adler32_scalar(uint32_t adler, const uint8_t *data, size_t length);

/// Packs `count` native-endian ARGB32 pixels (Cairo's layout) as R, G, B bytes into `rgb`
/// (3 × `count` bytes), if every pixel is opaque (alpha 255, where premultiplied and straight
/// colours are the same); returns false, with `rgb` unspecified, if any is not.
bool barframes_pack_opaque_argb32(const uint32_t *argb, size_t count, uint8_t *rgb);

/// The same, a pixel at a time.
bool barframes_pack_opaque_argb32_scalar(const uint32_t *argb, size_t count, uint8_t *rgb);

#endif
