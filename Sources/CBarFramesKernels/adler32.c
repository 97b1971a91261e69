// Adler-32 (RFC 1950) as zlib defines it. Debian's zlib 1.2.13 computes it a byte at a time
// (unrolled sixteen-fold), which profiles showed at 7–12 % of a render: every PNG, APNG
// rectangle and contact sheet row passes through it. The AVX2 loop below is the usual
// vectorisation (as in zlib-ng and Chromium's zlib): per 32-byte block, s1 gains the bytes' sum
// and s2 gains 32 × s1 before the block plus the bytes weighted 32, 31, …, 1.
#include "barframes_kernels.h"

#define ADLER_BASE 65521u
// The most bytes before s2 can overflow 32 bits (zlib's NMAX).
#define ADLER_NMAX 5552

uint32_t barframes_adler32_scalar(uint32_t adler, const uint8_t *data, size_t length) {
  uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
  while (length > 0) {
    size_t n = length < ADLER_NMAX ? length : ADLER_NMAX;
    length -= n;
    while (n--) {
      s1 += *data++;
      s2 += s1;
    }
    s1 %= ADLER_BASE;
    s2 %= ADLER_BASE;
  }
  return s2 << 16 | s1;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

__attribute__((target("avx2"))) static uint32_t adler32_avx2(uint32_t adler, const uint8_t *data, size_t length) {
  uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
  const __m256i weights = _mm256_setr_epi8(
    32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2,
    1);
  const __m256i ones = _mm256_set1_epi16(1);
  const __m256i zero = _mm256_setzero_si256();
  while (length >= 32) {
    // Blocks whose sums cannot overflow before the modulo (173 × 32 ≤ NMAX).
    size_t blocks = length / 32;
    if (blocks > ADLER_NMAX / 32) blocks = ADLER_NMAX / 32;
    length -= blocks * 32;
    __m256i vs1 = _mm256_setr_epi32((int)s1, 0, 0, 0, 0, 0, 0, 0);
    __m256i vs2 = _mm256_setr_epi32((int)s2, 0, 0, 0, 0, 0, 0, 0);
    // The sum of s1 before each block: multiplied by 32 at the end.
    __m256i before = zero;
    while (blocks--) {
      __m256i bytes = _mm256_loadu_si256((const __m256i *)data);
      data += 32;
      before = _mm256_add_epi32(before, vs1);
      vs1 = _mm256_add_epi32(vs1, _mm256_sad_epu8(bytes, zero));
      // u8 × weight summed in pairs (at most 2 × 255 × 32, no saturation), then in fours.
      vs2 = _mm256_add_epi32(vs2, _mm256_madd_epi16(_mm256_maddubs_epi16(bytes, weights), ones));
    }
    vs2 = _mm256_add_epi32(vs2, _mm256_slli_epi32(before, 5));
    uint32_t lanes1[8], lanes2[8];
    _mm256_storeu_si256((__m256i *)lanes1, vs1);
    _mm256_storeu_si256((__m256i *)lanes2, vs2);
    // Each lane holds part of sums that fit 32 bits (the NMAX bound), so these do too.
    uint32_t sum1 = 0, sum2 = 0;
    for (int i = 0; i < 8; i++) {
      sum1 += lanes1[i];
      sum2 += lanes2[i];
    }
    s1 = sum1 % ADLER_BASE;
    s2 = sum2 % ADLER_BASE;
  }
  return barframes_adler32_scalar(s2 << 16 | s1, data, length);
}

uint32_t barframes_adler32(uint32_t adler, const uint8_t *data, size_t length) {
  // A test of a flag the C runtime sets at start-up.
  return __builtin_cpu_supports("avx2") ? adler32_avx2(adler, data, length) : barframes_adler32_scalar(adler, data, length);
}
#else
uint32_t barframes_adler32(uint32_t adler, const uint8_t *data, size_t length) {
  return barframes_adler32_scalar(adler, data, length);
}
#endif
