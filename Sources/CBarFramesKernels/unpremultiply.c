#include "barframes_kernels.h"

// Straight RGBA from premultiplied native-endian ARGB32: transparent pixels are zero, opaque
// ones have their bytes reordered, the rest divide each channel by alpha through `table`
// (`table[a << 8 | c]`).

static inline uint32_t straight(uint32_t argb, const uint8_t *table) {
  uint32_t a = argb >> 24;
  if (a == 255) return ((argb >> 16) & 0xFF) | (argb & 0xFF00) | ((argb & 0xFF) << 16) | 0xFF000000u;
  if (a == 0) return 0;
  const uint8_t *t = table + (a << 8);
  return (uint32_t)t[(argb >> 16) & 0xFF] | (uint32_t)t[(argb >> 8) & 0xFF] << 8 | (uint32_t)t[argb & 0xFF] << 16
         | a << 24;
}

static inline void store(uint8_t *rgba, uint32_t value) {
  rgba[0] = (uint8_t)value;
  rgba[1] = (uint8_t)(value >> 8);
  rgba[2] = (uint8_t)(value >> 16);
  rgba[3] = (uint8_t)(value >> 24);
}

void barframes_unpremultiply_argb32_scalar(const uint32_t *argb, size_t count, const uint8_t *table, uint8_t *rgba) {
  for (size_t i = 0; i < count; i++) store(rgba + 4 * i, straight(argb[i], table));
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

// Four pixels at a time (SSE2, every x86-64): all transparent, or all opaque, without the table.
void barframes_unpremultiply_argb32(const uint32_t *argb, size_t count, const uint8_t *table, uint8_t *rgba) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i byte = _mm_set1_epi32(0xFF);
  const __m128i green = _mm_set1_epi32(0xFF00);
  const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
  size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    __m128i p = _mm_loadu_si128((const __m128i *)(argb + i));
    if (_mm_movemask_epi8(_mm_cmpeq_epi32(p, zero)) == 0xFFFF) {
      _mm_storeu_si128((__m128i *)(rgba + 4 * i), zero);
    } else if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(p, alpha), alpha)) == 0xFFFF) {
      __m128i r = _mm_and_si128(_mm_srli_epi32(p, 16), byte);
      __m128i b = _mm_slli_epi32(_mm_and_si128(p, byte), 16);
      __m128i out = _mm_or_si128(_mm_or_si128(r, _mm_and_si128(p, green)), _mm_or_si128(b, alpha));
      _mm_storeu_si128((__m128i *)(rgba + 4 * i), out);
    } else {
      for (size_t j = i; j < i + 4; j++) store(rgba + 4 * j, straight(argb[j], table));
    }
  }
  barframes_unpremultiply_argb32_scalar(argb + i, count - i, table, rgba + 4 * i);
}
#else
void barframes_unpremultiply_argb32(const uint32_t *argb, size_t count, const uint8_t *table, uint8_t *rgba) {
  barframes_unpremultiply_argb32_scalar(argb, count, table, rgba);
}
#endif
