#ifndef BARFRAMES_CHECKSUM_H
#define BARFRAMES_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/// zlib's Adler-32 of `length` bytes at `data`, continuing from `adler` (1 to start): the same
/// value as zlib's adler32_z, computed 32 bytes at a time with AVX2 where the CPU has it.
uint32_t barframes_adler32(uint32_t adler, const uint8_t *data, size_t length);

/// The same, byte by byte (the fallback, and the reference the tests compare with).
uint32_t barframes_adler32_scalar(uint32_t adler, const uint8_t *data, size_t length);

#endif
