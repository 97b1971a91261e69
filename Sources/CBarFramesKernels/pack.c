// Packing opaque ARGB32 rows (Cairo's surface) as the RGB rows of a PNG: the contact sheet is
// drawn on an opaque sheet, so its pixels need no un-premultiplying, only their alpha byte
// dropped and the other three reordered — 16 bytes to 12 with one byte shuffle.
#include "barframes_kernels.h"

bool barframes_pack_opaque_argb32_scalar(const uint32_t *argb, size_t count, uint8_t *rgb) {
  uint32_t all = 0xFFFFFFFFu;
  for (size_t i = 0; i < count; i++) {
    uint32_t p = argb[i];
    all &= p;
    rgb[3 * i] = (uint8_t)(p >> 16);
    rgb[3 * i + 1] = (uint8_t)(p >> 8);
    rgb[3 * i + 2] = (uint8_t)p;
  }
  return all >> 24 == 0xFF;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

__attribute__((target("ssse3"))) static bool pack_ssse3(const uint32_t *argb, size_t count, uint8_t *rgb) {
  // Little-endian ARGB32 is B, G, R, A in memory: take R, G, B of each of four pixels.
  const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
  __m128i all = _mm_set1_epi32(-1);
  size_t i = 0;
  // Each store writes 16 bytes of which 12 are the four pixels: stop while two more pixels'
  // room follows, so the last four garbage bytes never pass the end.
  for (; i + 6 <= count; i += 4) {
    __m128i pixels = _mm_loadu_si128((const __m128i *)(argb + i));
    all = _mm_and_si128(all, pixels);
    _mm_storeu_si128((__m128i *)(rgb + 3 * i), _mm_shuffle_epi8(pixels, order));
  }
  uint32_t lanes[4];
  _mm_storeu_si128((__m128i *)lanes, all);
  bool opaque = (lanes[0] & lanes[1] & lanes[2] & lanes[3]) >> 24 == 0xFF;
  return barframes_pack_opaque_argb32_scalar(argb + i, count - i, rgb + 3 * i) && opaque;
}

bool barframes_pack_opaque_argb32(const uint32_t *argb, size_t count, uint8_t *rgb) {
  return __builtin_cpu_supports("ssse3") ? pack_ssse3(argb, count, rgb)
                                         : barframes_pack_opaque_argb32_scalar(argb, count, rgb);
}
#else
bool barframes_pack_opaque_argb32(const uint32_t *argb, size_t count, uint8_t *rgb) {
  return barframes_pack_opaque_argb32_scalar(argb, count, rgb);
}
#endif
